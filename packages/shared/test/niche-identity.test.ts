import { describe, expect, it } from 'vitest';
import { createRng } from '../src/engine/random';
import { blogNameOf, nicheIdentity, nicheTopics } from '../src/domain/identity/niche-identity';
import { BLOG_ADJECTIVES, BLOG_NOUNS, FIRST_NAMES, LAST_NAMES } from '../src/domain/identity/identity-words';

/** Words of the niches the old fixed lists used, none of which fit a gardening campaign. */
const UNRELATED = /kitchen|harbor|market|library|pantry|canvas|studio|reviews/i;

describe('nicheTopics', () => {
  it('turns keyword fields into short Title Case topics, spintax spun, subject-less words and URLs left out', () => {
    const topics = nicheTopics(['best organic gardening tips, {raised|raised-up} bed gardening', 'buy compost online\nhttps://shop.example/compost', ''], createRng(1));
    expect(topics).toContain('Organic Gardening Tips');
    expect(topics.some((t) => /^Raised(-up)? Bed Gardening$/.test(t))).toBe(true);
    expect(topics).toContain('Compost');
    expect(topics.join(' ')).not.toMatch(/best|buy|online|https/i);
    expect(nicheTopics(['the best', ' , '], createRng(2))).toEqual([]);
  });
});

describe('nicheIdentity', () => {
  it('builds every blog title and bio of a gardening campaign on its topics, never on an unrelated niche', () => {
    const topics = nicheTopics(['organic gardening, raised bed gardening, composting'], createRng(3));
    for (let i = 0; i < 300; i += 1) {
      const identity = nicheIdentity(topics, createRng(`gardening-${i}`));
      expect(topics.some((topic) => identity.blogTitle.includes(topic))).toBe(true);
      expect(topics.some((topic) => identity.bio.toLowerCase().includes(topic.toLowerCase()))).toBe(true);
      expect(identity.blogTitle).not.toMatch(UNRELATED);
      expect(FIRST_NAMES).toContain(identity.firstName);
      expect(LAST_NAMES).toContain(identity.lastName);
      expect(identity.blogName).toMatch(/^[a-z0-9]{3,40}$/);
    }
  });

  it('varies: many distinct titles over a campaign', () => {
    const topics = nicheTopics(['sourdough baking, bread starter'], createRng(4));
    const titles = new Set(Array.from({ length: 200 }, (_, i) => nicheIdentity(topics, createRng(i)).blogTitle));
    expect(titles.size).toBeGreaterThan(50);
  });

  it('keeps given names, and names the blog after its author when the campaign has no keyword', () => {
    const identity = nicheIdentity([], createRng(5), { firstName: 'Nora', lastName: 'Lind' });
    expect(identity.firstName).toBe('Nora');
    expect(identity.blogTitle).toMatch(/Nora/);
    expect(BLOG_NOUNS.some((noun) => identity.blogTitle.includes(noun))).toBe(true);
    expect(identity.blogTitle).not.toMatch(new RegExp(BLOG_ADJECTIVES.join('|')));
    expect(blogNameOf("Nora's Café Notes!")).toBe('norascafenotes');
  });
});
