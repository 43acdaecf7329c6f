/**
 * The name of an item on a platform that makes its own address from the title (Forem's
 * `/user/title-4aca`, Telegraph's `Title-12-15`): the name is the title the item is published
 * under, and an item is found again after an unknown outcome by that title among the user's own
 * items. Two posts of ours with one title on one site could not be told apart that way, so a title
 * another post of ours has claimed there is told apart by a word of the post's own text, as a
 * person would title a second item ("Tomato care (Pruning)"). Used by the Forem and Telegraph
 * connectors.
 */
import { PublishError, type ClaimedNames, type NamedPost } from '../connector';
import { distinguishingWords } from '../distinguishing-words';

/** The title as written for the platform: one line, single spaces, at most `maxLength` characters. */
export function plainTitle(title: string, maxLength: number): string {
  const line = title.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= maxLength ? line : chars.slice(0, maxLength).join('').trimEnd();
}

/** The titles the post may be published under, best first. */
export function titledNameCandidates(post: NamedPost, maxLength: number): string[] {
  const title = plainTitle(post.title, maxLength);
  if (title === '') return [];
  const told = distinguishingWords(post.html, post.title).map((word) => {
    const tail = ` (${word})`;
    return `${plainTitle(title, Math.max(1, maxLength - [...tail].length))}${tail}`;
  });
  return [...new Set([title, ...told])];
}

/** The first candidate no other post of ours claims on the site. Reads nothing of the site. */
export async function chooseTitledName(post: NamedPost, claimed: ClaimedNames, maxLength: number, siteLabel: string): Promise<string> {
  const candidates = titledNameCandidates(post, maxLength);
  if (candidates.length === 0) throw new PublishError('rejected', `The post has no title, which ${siteLabel} requires: give it one.`, { retryable: false });
  const ours = await claimed(candidates);
  const free = candidates.find((name) => !ours.has(name));
  if (free === undefined) {
    throw new PublishError('rejected', `Other posts of this project on ${siteLabel} already use every title the post "${candidates[0]}" could take; change its title.`, { retryable: false });
  }
  return free;
}
