import type { OutputAnchor } from '../constants/project-options';
import type { AnchorType } from './anchors';
import type { Rng } from './random';

const KEYWORD_TYPES: ReadonlySet<AnchorType> = new Set(['primary', 'secondary', 'branded', 'generic']);

/**
 * The anchor stored with a published post's URL in the output link set (the form's outputAnchor),
 * which a tier-2 project links with: Title → the post's title; Url → the post's URL; Keyword → one
 * of the keyword anchors the post used (from its input link sets' keywords), or the title when it
 * used none.
 */
export function outputLinkAnchor(
  kind: OutputAnchor,
  post: { title: string; links: readonly { anchor: string; anchorType: AnchorType }[] },
  postUrl: string,
  rng: Rng,
): string {
  if (kind === 'Url') return postUrl;
  if (kind === 'Keyword') {
    const keywords = post.links.filter((link) => KEYWORD_TYPES.has(link.anchorType)).map((link) => link.anchor);
    if (keywords.length > 0) return rng.pick(keywords);
  }
  return post.title.trim() === '' ? postUrl : post.title;
}
