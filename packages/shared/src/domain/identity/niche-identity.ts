import { keywordPhrases } from '../../engine/anchors';
import type { Rng } from '../../engine/random';
import { spin } from '../../engine/spintax';
import { BLOG_ADJECTIVES, BLOG_NOUNS, FIRST_NAMES, LAST_NAMES, TOPIC_STOP_WORDS } from './identity-words';

/** A made-up author and blog that fit the campaign's subject (issue 34 item 6). */
export interface NicheIdentity {
  firstName: string;
  lastName: string;
  /** The blog's title, e.g. "Raised Bed Gardening Notes" or "Nora's Sourdough Journal". */
  blogTitle: string;
  /** The blog's name as sites take it: lower case letters and digits (e.g. "sourdoughjournal"). */
  blogName: string;
  /** One sentence about the author, on the same subject. */
  bio: string;
}

const titleCased = (word: string) => (word === word.toUpperCase() && word.length <= 4 ? word : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());

/**
 * The subjects a campaign's keywords name, as short Title Case topics: each phrase of the given
 * keyword fields (comma or line separated, spintax spun by `rng`), URLs and subject-less words
 * ("best", "buy", "online") left out, at most three words kept. Empty when no keyword names one.
 */
export function nicheTopics(keywordFields: readonly string[], rng: Rng): string[] {
  const topics = new Map<string, string>();
  for (const field of keywordFields) {
    for (const phrase of keywordPhrases(field)) {
      const words = spin(phrase, rng).replace(/https?:\/\/\S+/gi, ' ').split(/[^\p{L}\p{N}'-]+/u)
        .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
        .filter((word) => word.length > 1 && !TOPIC_STOP_WORDS.has(word.toLowerCase()) && !/^\d+$/.test(word));
      if (words.length === 0) continue;
      const topic = words.slice(0, 3).map(titleCased).join(' ');
      topics.set(topic.toLowerCase(), topic);
    }
  }
  return [...topics.values()];
}

/** Letters and digits only, lower case: a blog name every platform takes (at most 40 characters). */
export function blogNameOf(text: string): string {
  return text.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '').toLowerCase().slice(0, 40);
}

/**
 * An author and a blog for one account: names from the shipped lists, the blog's title and the
 * bio built on one of the campaign's topics (nicheTopics) with niche-neutral words around it, so a
 * gardening campaign's blogs read as gardening blogs. Without a topic the blog is named after its
 * author (never after an unrelated subject).
 */
export function nicheIdentity(topics: readonly string[], rng: Rng, names: { firstName?: string; lastName?: string } = {}): NicheIdentity {
  const firstName = names.firstName?.trim() || rng.pick(FIRST_NAMES);
  const lastName = names.lastName?.trim() || rng.pick(LAST_NAMES);
  const noun = rng.pick(BLOG_NOUNS);
  if (topics.length === 0) {
    const blogTitle = rng.pick([`${firstName}'s ${noun}`, `${firstName} ${lastName}'s ${noun}`, `The ${noun} of ${firstName} ${lastName}`]);
    return { firstName, lastName, blogTitle, blogName: blogNameOf(`${firstName}${lastName}${noun}`), bio: `${firstName} ${lastName} writes here about what ${firstName} learns along the way.` };
  }
  const topic = rng.pick(topics);
  const other = topics.length > 1 ? rng.pick(topics.filter((candidate) => candidate !== topic)) : null;
  const adjective = rng.pick(BLOG_ADJECTIVES);
  const forms = [
    `${topic} ${noun}`, `${firstName}'s ${topic} ${noun}`, `The ${adjective} ${topic} ${noun}`, `${adjective} ${topic}`,
    `${topic} with ${firstName}`, `Notes on ${topic}`,
  ];
  const blogTitle = rng.pick(forms);
  const short = blogTitle.replace(/^The /, '').split(' ').slice(0, 3).join(' ');
  const blogName = blogNameOf(rng.chance(50) ? short : `${firstName}${topic}`);
  const subject = other ? `${topic.toLowerCase()} and ${other.toLowerCase()}` : topic.toLowerCase();
  const bio = rng.pick([
    `${firstName} writes about ${subject}.`,
    `${firstName} ${lastName} shares what works in ${subject}.`,
    `Notes on ${subject} by ${firstName} ${lastName}.`,
    `${firstName} has followed ${subject} for years and writes it down here.`,
  ]);
  return { firstName, lastName, blogTitle, blogName, bio };
}
