/**
 * Where content work runs (issue 33.4): on the content pool's threads whenever it could hold up the
 * thread that answers everyone else, right here when that is cheaper than a thread hop (about a
 * millisecond, more than spinning a short text):
 * - a text of OFF_LOOP_MIN_CHARS or more: on a thread;
 * - the built-in article builder: on a thread (its corpus takes a second or more to load);
 * - a PDF of a post: on a thread (pdfkit sets about 30 KB of text a second);
 * - anything needing the synonym list while this thread has none: on a thread, and the list is
 *   copied over from one meanwhile (deriving it here held every request for up to 1.6 s).
 */
import type { BuildArticleRequest } from '@linkloom/shared';
import { adoptBuiltInSynonyms, builtInSynonymsLoaded } from '../spinners/built-in/thesaurus';
import type { Wikitext } from '../connectors/mediawiki/html-to-wikitext';
import type { DokuWikiText } from '../connectors/dokuwiki/html-to-dokuwiki';
import type { PdfInput } from '../modules/pdf-render';
import { runOnPool } from './content-pool';
import { performContentTask, taskSize, usesSynonyms, type BuildPostOutcome, type BuildPostTask, type ContentResult, type ContentTask, type SpinRun } from './content-tasks';

export { CONTENT_POOL_MESSAGES, ContentWorkBusyError, closeContentPool } from './content-pool';
export type { BuildPostOutcome, BuildPostTask, PositionalLinks, SpinRun, TaskLinkSource } from './content-tasks';

/**
 * Characters of text from which a task goes to a thread. Below it the work takes a few
 * milliseconds at most (the synonym spinner does ~1 MB/s on one core at worst: 16 K ≈ 15 ms).
 */
export const OFF_LOOP_MIN_CHARS = 16 * 1024;

export interface ContentWorkOptions {
  /** Aborts the task (a run stopped): taken back from the queue, or its thread ended. */
  signal?: AbortSignal;
}

let adopting: Promise<void> | null = null;

/** Copies the synonym list from a pool thread into this one, once (a failure lets a later task try again). */
function adoptSynonymsFromPool(): void {
  adopting ??= runOnPool({ kind: 'synonyms' }).then((result) => {
    if (result.kind === 'synonyms') adoptBuiltInSynonyms(result.synonyms);
  }).catch(() => undefined).finally(() => {
    adopting = null;
  });
}

function runsHere(task: ContentTask): boolean {
  // The first task needing the list (of any size) fetches it, so small ones find it here later.
  const listMissing = usesSynonyms(task) && !builtInSynonymsLoaded();
  if (listMissing) adoptSynonymsFromPool();
  return !listMissing && task.kind !== 'build-article' && task.kind !== 'pdf' && taskSize(task) < OFF_LOOP_MIN_CHARS;
}

async function perform(task: ContentTask, options: ContentWorkOptions): Promise<ContentResult> {
  return runsHere(task) ? performContentTask(task) : runOnPool(task, options.signal);
}

/** Each run's texts spun (see SpinRun), in order. */
export async function spinTexts(runs: SpinRun[], options: ContentWorkOptions = {}): Promise<string[][]> {
  const result = await perform({ kind: 'spin', runs }, options);
  if (result.kind !== 'spin') throw new TypeError(`a spin task answered ${result.kind}`);
  return result.texts;
}

/** One post built by the content pipeline (see buildPost), and the positions of positional link sets it read. */
export async function buildPostWork(task: BuildPostTask, options: ContentWorkOptions = {}): Promise<BuildPostOutcome> {
  const result = await perform({ kind: 'build-post', task }, options);
  if (result.kind !== 'build-post') throw new TypeError(`a build-post task answered ${result.kind}`);
  return result.outcome;
}

/** A post's HTML as MediaWiki wikitext (see htmlToWikitext): a long article converts on a thread of the pool. */
export async function wikitextWork(html: string, options: ContentWorkOptions = {}): Promise<Wikitext> {
  const result = await perform({ kind: 'wikitext', html }, options);
  if (result.kind !== 'wikitext') throw new TypeError(`a wikitext task answered ${result.kind}`);
  return result.wikitext;
}

/** A post's HTML as DokuWiki syntax (see htmlToDokuWiki), or the converter's reason for refusing it: a long article converts on a thread of the pool. */
export async function dokuWikiWork(html: string, options: ContentWorkOptions = {}): Promise<{ text: DokuWikiText | null; refused: string | null }> {
  const result = await perform({ kind: 'dokuwiki', html }, options);
  if (result.kind !== 'dokuwiki') throw new TypeError(`a dokuwiki task answered ${result.kind}`);
  return { text: result.text, refused: result.refused };
}

/** One article of the built-in article builder (see buildArticle), with the shipped corpus and synonyms. */
export async function buildBuiltInArticle(request: BuildArticleRequest, seed: string): Promise<{ title: string; body: string }> {
  const result = await perform({ kind: 'build-article', request, seed }, {});
  if (result.kind !== 'build-article') throw new TypeError(`a build-article task answered ${result.kind}`);
  return result.article;
}

/** A post as a PDF document (PDF projects, engine/modules/pdf-render.ts), set on a thread of the pool. */
export async function pdfWork(input: PdfInput, options: ContentWorkOptions = {}): Promise<Uint8Array> {
  const result = await perform({ kind: 'pdf', input }, options);
  if (result.kind !== 'pdf') throw new TypeError(`a pdf task answered ${result.kind}`);
  return result.bytes;
}
