/**
 * The CPU-heavy content work, as tasks a worker thread can take (plain data in, plain data out:
 * structured-cloneable, no functions, no proxies) and the one function that performs them. The
 * same function runs them on the main thread when that is cheap (content-work.ts), so a text spins
 * the same with or without a thread hop.
 */
import {
  buildArticle, buildPost, createRng, spin,
  type BuildArticleRequest, type BuiltPost, type PostInput, type PostLinkSource, type SourceLink, type SynonymMap,
} from '@linkloom/shared';
import { builtInCorpus } from '../article-sources/built-in/corpus';
import { htmlToWikitext, type Wikitext } from '../connectors/mediawiki/html-to-wikitext';
import { MarkupNestingError, htmlToDokuWiki, type DokuWikiText } from '../connectors/dokuwiki/html-to-dokuwiki';
import { renderPdf, type PdfInput } from '../modules/pdf-render';
import { spinBuiltIn } from '../spinners/built-in/built-in-spinner';
import { builtInSynonyms } from '../spinners/built-in/thesaurus';

/** Texts spun in order with one generator seeded by `seed` (so a title and a body spun together stay as they were). */
export interface SpinRun {
  seed: string;
  texts: string[];
  /** wordsNottobeChanged: the raw settings text or a parsed list. */
  protectedWords: string | readonly string[];
  /** Words kept like protected words by the synonym pass (link keywords). */
  keepWords?: readonly string[];
  /** The built-in spinner: words also replaced from the shipped synonyms, not only the spintax expanded. */
  synonyms: boolean;
}

/** A large link set stood in for by position: its size and the links already read, by position. */
export interface PositionalLinks {
  total: number;
  known: ReadonlyMap<number, SourceLink>;
}

/** A link source sent to a thread: its links, or (a large set) a positional stand-in. */
export type TaskLinkSource = Omit<PostLinkSource, 'links'> & ({ links: readonly SourceLink[] } | { positional: PositionalLinks });

export interface BuildPostTask {
  input: Omit<PostInput, 'synonyms' | 'linkSources'> & { linkSources: readonly TaskLinkSource[] };
  seed: string;
  /** Spin with the built-in spinner's synonyms (the thread loads its own list). */
  synonyms: boolean;
}

/** The post, and per link source the positions of a positional set the build read (empty for whole sets). */
export interface BuildPostOutcome {
  built: BuiltPost;
  asked: number[][];
}

export type ContentTask =
  | { kind: 'spin'; runs: SpinRun[] }
  | { kind: 'build-post'; task: BuildPostTask }
  /** The built-in article builder (its corpus, like the synonyms, takes a second or more to load). */
  | { kind: 'build-article'; request: BuildArticleRequest; seed: string }
  /** The synonym list, for a thread that has not loaded its own yet (see content-work.ts). */
  | { kind: 'synonyms' }
  /** A post's HTML as MediaWiki wikitext (the MediaWiki connector). */
  | { kind: 'wikitext'; html: string }
  /** A post's HTML as DokuWiki syntax (the DokuWiki connector). */
  | { kind: 'dokuwiki'; html: string }
  /** A post as a PDF document (PDF projects, engine/modules/pdf-render.ts): always on a thread, pdfkit sets ~30 KB of text a second. */
  | { kind: 'pdf'; input: PdfInput };

export type ContentResult =
  | { kind: 'spin'; texts: string[][] }
  | { kind: 'build-post'; outcome: BuildPostOutcome }
  | { kind: 'build-article'; article: { title: string; body: string } }
  | { kind: 'synonyms'; synonyms: SynonymMap }
  | { kind: 'wikitext'; wikitext: Wikitext }
  /** `refused`: the converter's reason when it would not convert the article (nesting too deep). */
  | { kind: 'dokuwiki'; text: DokuWikiText | null; refused: string | null }
  | { kind: 'pdf'; bytes: Uint8Array };

/** Characters of text a task carries: what decides whether it is worth a thread. */
export function taskSize(task: ContentTask): number {
  switch (task.kind) {
    case 'spin':
      return task.runs.reduce((sum, run) => sum + run.texts.reduce((n, text) => n + text.length, 0), 0);
    case 'build-post': {
      const { article, tags, blurb } = task.task.input;
      return article.title.length + article.body.length + tags.length + (blurb?.length ?? 0);
    }
    case 'wikitext':
    case 'dokuwiki':
      return task.html.length;
    case 'pdf':
      return task.input.title.length + task.input.html.length;
    default:
      return 0;
  }
}

/** Whether the task reads the built-in synonym list. */
export function usesSynonyms(task: ContentTask): boolean {
  if (task.kind === 'spin') return task.runs.some((run) => run.synonyms);
  if (task.kind === 'build-post') return task.task.synonyms;
  return task.kind !== 'wikitext' && task.kind !== 'dokuwiki' && task.kind !== 'pdf';
}

function spinRun(run: SpinRun): string[] {
  const rng = createRng(run.seed);
  return run.texts.map((text) => (run.synonyms ? spinBuiltIn(text, run.protectedWords, rng, run.keepWords) : spin(text, rng, { protectedWords: run.protectedWords })));
}

/**
 * A stand-in for a large link set: as long as the set, answering each position from `known` (or a
 * placeholder) and noting the positions asked for. The pipeline's draws do not depend on the links'
 * text, so a first pass finds the positions and a second pass, with those rows read, builds the post.
 */
function positionalSet(links: PositionalLinks, asked: Set<number>): readonly SourceLink[] {
  const placeholder: SourceLink = { url: 'https://placeholder.invalid/', anchor: '' };
  return new Proxy([] as SourceLink[], {
    get(target, property, receiver) {
      if (property === 'length') return links.total;
      if (typeof property === 'string' && /^\d+$/.test(property)) {
        const index = Number(property);
        asked.add(index);
        return links.known.get(index) ?? placeholder;
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

function buildPostTask({ input, seed, synonyms }: BuildPostTask): BuildPostOutcome {
  const asked = input.linkSources.map(() => new Set<number>());
  const linkSources: PostLinkSource[] = input.linkSources.map((source, i) => {
    if ('links' in source) return source;
    const { positional, ...profile } = source;
    return { ...profile, links: positionalSet(positional, asked[i]!) };
  });
  const built = buildPost({ ...input, linkSources, ...(synonyms ? { synonyms: builtInSynonyms() } : {}) }, createRng(seed));
  return { built, asked: asked.map((positions) => [...positions]) };
}

/** Performs one task, on whichever thread calls it. */
export function performContentTask(task: ContentTask): ContentResult {
  switch (task.kind) {
    case 'spin':
      return { kind: 'spin', texts: task.runs.map(spinRun) };
    case 'build-post':
      return { kind: 'build-post', outcome: buildPostTask(task.task) };
    case 'build-article': {
      const { title, body } = buildArticle(builtInCorpus(), task.request, createRng(task.seed), builtInSynonyms());
      return { kind: 'build-article', article: { title, body } };
    }
    case 'synonyms':
      return { kind: 'synonyms', synonyms: builtInSynonyms() };
    case 'wikitext':
      return { kind: 'wikitext', wikitext: htmlToWikitext(task.html) };
    case 'dokuwiki':
      try {
        return { kind: 'dokuwiki', text: htmlToDokuWiki(task.html), refused: null };
      } catch (error) {
        // A class does not cross the thread's boundary: the refusal travels as its words.
        if (error instanceof MarkupNestingError) return { kind: 'dokuwiki', text: null, refused: error.message };
        throw error;
      }
    case 'pdf':
      return { kind: 'pdf', bytes: renderPdf(task.input) };
  }
}
