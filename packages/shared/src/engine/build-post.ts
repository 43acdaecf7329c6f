import type { LinkPlacement } from '../constants/project-options';
import { parseTags } from '../domain/text';
import type { ContentProjectForm } from '../schemas/project-forms';
import { chooseAnchor, keywordPhrases, type AnchorCounts, type AnchorKeywords, type AnchorType, type SourceLink } from './anchors';
import { articleToHtml } from './article-html';
import { pickLinks, planLinks, type LinkPlanProfile } from './link-plan';
import { registrableDomain } from '../domain/registrable-domain';
import { titleVariant } from './title-variants';
import { insertMedia, type InsertedMedia, type MediaRequest } from './media';
import { placeLinks, type PlacedLink } from './place-links';
import type { Rng } from './random';
import { spin } from './spintax';
import { spinWithSynonyms, type SynonymMap } from './synonym-spinner';

/** One input link set of the project, with its links, its keyword settings and its profile. */
export interface PostLinkSource extends LinkPlanProfile {
  links: readonly SourceLink[];
  /** The link set's Keywords tab; null or useKeyword off: the links' own anchors. */
  keywords?: AnchorKeywords | null;
}

export type PostMediaRequest = Omit<MediaRequest, 'kind' | 'alt'>;

export interface PostInput {
  article: { title: string; body: string };
  /** The content group's wordsNottobeChanged (raw text or parsed list). */
  protectedWords?: string | readonly string[];
  /** Given: the built-in spinner also replaces words by synonyms (see spinWithSynonyms). */
  synonyms?: SynonymMap;
  linkSources: readonly PostLinkSource[];
  placement: LinkPlacement;
  /** The form's comma-joined tags (spintax allowed). */
  tags: string;
  images?: PostMediaRequest | null;
  videos?: PostMediaRequest | null;
  /** InBlurbOnly's blurb text (see placeLinks). */
  blurb?: string;
  /**
   * Anchors already placed from each input link set, by kind (link set id → counts): given, each
   * link set's anchors are chosen by the quota draw (quotaAnchorKind) so its realised mix keeps to
   * its percentages; left out, by a weighted random draw. Read only (the post counts on a copy).
   */
  anchorCounts?: ReadonlyMap<number, AnchorCounts>;
  /**
   * The links to place, chosen already (a dead post re-published with the links it carried,
   * issue 18.2): no link is drawn from linkSources; these are placed as they are.
   */
  fixedLinks?: readonly { linkSetId: number; url: string; anchor: string; anchorType: AnchorType }[];
  /**
   * The links the run's plan gave this post, by input link set (issue 34 item 4: spread evenly, none
   * on the post's own domain; runner/post-plan.ts): a set listed here places exactly these, in
   * order, instead of drawing; a set left out draws as before.
   */
  plannedLinks?: ReadonlyMap<number, readonly PlannedSourceLink[]>;
  /** The post's site: a link to its own registrable domain is never placed (whatever drew it). */
  siteUrl?: string;
  /**
   * A reuse of an article in its project (issue 34 item 3): its title gets the variant's qualifier
   * after spinning (titleVariant, `seed` orders the qualifiers for this title), so no two posts of
   * the project share a title; a body the spinning left as written has its paragraphs reordered.
   */
  reuse?: { variant: number; seed: string };
}

/** A link the run's plan gave a post, with the anchor kind it drew for it (null: drawn when built). */
export type PlannedSourceLink = SourceLink & { anchorType?: AnchorType | null };

/** A link of the post, as the engine records it and later verifies it on the published page. */
export interface PostLink extends PlacedLink {
  linkSetId: number;
  anchorType: AnchorType;
}

export interface BuiltPost {
  title: string;
  html: string;
  tags: string[];
  links: PostLink[];
  media: InsertedMedia[];
  /** Links of the input sets left out because their URL is not http(s) (nor a `www.` host). */
  skippedLinks: { linkSetId: number; url: string }[];
}

/** Own anchors of a link set taken as link keywords up to this many links (a large set's are not read whole). */
const OWN_ANCHORS_LIMIT = 500;

/**
 * The words links will be anchored on or looked for (ReplaceKeyword): the input link sets' keyword
 * phrases without spintax, and the links' own anchors of small sets. The synonym spinner keeps them
 * as they are, so a keyword in the article is still there to be linked after spinning.
 */
export function linkKeywords(sources: readonly PostLinkSource[]): string[] {
  const words = new Set<string>();
  for (const source of sources) {
    const k = source.keywords;
    if (k?.useKeyword) {
      for (const field of [k.primaryKeyword, k.secondaryKeyword, k.brandedKeyword, k.genericKeyword]) {
        for (const phrase of keywordPhrases(field)) if (!/[{}|]/.test(phrase)) words.add(phrase);
      }
    }
    if (source.links.length <= OWN_ANCHORS_LIMIT) {
      for (const link of source.links) if (link.anchor.trim() !== '' && !/[{}|]/.test(link.anchor)) words.add(link.anchor.trim());
    }
  }
  return [...words];
}

/**
 * One post from an article, composed in a fixed order so a seed always gives the same post (seed
 * it per post, e.g. `project:ID/site:ID/post:N`, and a retry rebuilds what was planned): title and
 * body spun (protected words and link keywords kept; synonyms when a list is given), a plain-text body turned into
 * paragraphs, links planned per input link set and picked, anchors chosen, links placed, images
 * then videos inserted (images' alt text: the title), tags spun and normalised.
 */
export function buildPost(input: PostInput, rng: Rng): BuiltPost {
  const keepWords = input.synonyms ? linkKeywords(input.linkSources) : [];
  const spinText = (text: string) => (input.synonyms
    ? spinWithSynonyms(text, rng, { protectedWords: input.protectedWords, synonyms: input.synonyms, keepWords })
    : spin(text, rng, { protectedWords: input.protectedWords }));
  const spunTitle = spinText(input.article.title).trim();
  const title = input.reuse && input.reuse.variant > 0 ? titleVariant(spunTitle, input.reuse.variant, input.reuse.seed) : spunTitle;
  let body = spinText(input.article.body);
  if (input.reuse && input.reuse.variant > 0 && body.trim() === input.article.body.trim()) body = reorderParagraphs(body, input.reuse.variant);
  let html = articleToHtml(body);

  const chosen: { linkSetId: number; url: string; anchor: string; anchorType: AnchorType }[] = input.fixedLinks ? [...input.fixedLinks] : [];
  const plan = input.fixedLinks ? [] : planLinks(input.linkSources, rng);
  const tally = new Map<number, AnchorCounts>();
  const ownDomain = input.siteUrl === undefined ? null : registrableDomain(input.siteUrl);
  plan.forEach((planned, i) => {
    const source = input.linkSources[i]!;
    const placed = input.anchorCounts ? tally.get(source.linkSetId) ?? { ...input.anchorCounts.get(source.linkSetId) } : undefined;
    if (placed) tally.set(source.linkSetId, placed);
    const links: readonly PlannedSourceLink[] = input.plannedLinks?.get(source.linkSetId) ?? pickLinks(source.links, planned.count, rng);
    for (const link of links) {
      // The anchor is drawn before the domain check, so a large set's first pass (placeholders)
      // and second pass (real links) draw alike; a link left out gives its anchor kind back.
      const anchor = chooseAnchor(source.keywords, link, rng, placed, link.anchorType);
      if (ownDomain !== null && registrableDomain(link.url) === ownDomain) {
        if (placed) placed[anchor.type] = Math.max(0, (placed[anchor.type] ?? 1) - 1);
        continue;
      }
      chosen.push({ linkSetId: source.linkSetId, url: link.url, anchor: anchor.text, anchorType: anchor.type });
    }
  });
  const placement = placeLinks(html, chosen, input.placement, rng, input.blurb === undefined ? {} : { blurb: input.blurb });
  html = placement.html;

  const media: InsertedMedia[] = [];
  for (const [kind, request] of [['image', input.images], ['video', input.videos]] as const) {
    if (!request) continue;
    const result = insertMedia(html, { ...request, kind, alt: title }, rng);
    html = result.html;
    media.push(...result.inserted);
  }

  return {
    title,
    html,
    tags: parseTags(spin(input.tags, rng, { protectedWords: input.protectedWords })),
    links: placement.placed.map((placed) => ({ ...placed, linkSetId: chosen[placed.index]!.linkSetId, anchorType: chosen[placed.index]!.anchorType })),
    media,
    skippedLinks: placement.skipped.map((s) => ({ linkSetId: chosen[s.index]!.linkSetId, url: s.url })),
  };
}

/**
 * A body the spinner could not change (no spintax, no word it knows) in another order: its
 * paragraphs (blank-line separated, or HTML paragraphs) rotated by the variant, so a reuse still
 * differs from the first post. A one-paragraph body stays as it is (the limit of this fallback).
 */
export function reorderParagraphs(body: string, variant: number): string {
  const html = /<\/p>/i.test(body);
  const parts = html ? body.split(/(?<=<\/p>)\s*/i).filter((part) => part.trim() !== '') : body.split(/\n\s*\n/).filter((part) => part.trim() !== '');
  if (parts.length < 2) return body;
  const shift = 1 + ((variant - 1) % (parts.length - 1));
  const rotated = [...parts.slice(shift), ...parts.slice(0, shift)];
  return rotated.join(html ? '\n' : '\n\n');
}

/**
 * The link profiles of a posting or private project: its link set profiles when "use link sets" is
 * on; otherwise, for a tier-2 project, each parent's output link set with the General tab's
 * minLinks..maxLinks on every post (no profile of its own to say otherwise).
 */
export function linkProfilesFromForm(form: Pick<ContentProjectForm, 'useLinkSet' | 'linkSetProfiles' | 'minLinks' | 'maxLinks'>, parentOutputLinkSetIds: readonly number[] = []): LinkPlanProfile[] {
  if (form.useLinkSet) return form.linkSetProfiles.map(({ linkSetId, minLinks, maxLinks, linkProb }) => ({ linkSetId, minLinks, maxLinks, linkProb }));
  return parentOutputLinkSetIds.map((linkSetId) => ({ linkSetId, minLinks: form.minLinks, maxLinks: form.maxLinks, linkProb: 100 }));
}

/**
 * The Image and Video tabs as media requests: null when the tab is off. With "search for images /
 * videos" ticked the URLs come from a search by the tab's keywords, which the engine runs and
 * passes in `searched` (with the credit lines found images' licences ask for); without it, the
 * typed URLs.
 */
export function mediaRequestsFromForm(
  form: ContentProjectForm, searched: { images?: readonly string[]; videos?: readonly string[]; credits?: ReadonlyMap<string, string> } = {},
): { images: PostMediaRequest | null; videos: PostMediaRequest | null } {
  return {
    images: form.insertImages
      ? {
        urls: form.searchForImages ? searched.images ?? [] : form.imagesToInsert, min: form.minImage, max: form.maxImage, position: form.imagePosition,
        ...(form.searchForImages && searched.credits ? { credits: searched.credits } : {}),
      }
      : null,
    videos: form.insertVideos
      ? { urls: form.searchForVideos ? searched.videos ?? [] : form.videosToInsert, min: form.minVideo, max: form.maxVideo, position: form.videoPosition }
      : null,
  };
}
