import { describe, expect, it } from 'vitest';
import { bodyText, distinguishingWords } from '../../src/engine/connectors/distinguishing-words';
import { CLOCK_SKEW_ALLOWANCE_MS, madeAfterIntent, utcMs } from '../../src/engine/connectors/intent-match';
import { pageNameCandidates, pageTitleOf } from '../../src/engine/connectors/mediawiki/page-name';
import { ownPost, slugsToLookUp, takenSlugVariant } from '../../src/engine/connectors/wordpress/own-post';
import type { FoundPost } from '../../src/engine/connectors/wordpress/rest-api';
import { isReservedSlug, slugCandidates, slugOfTitle } from '../../src/engine/connectors/wordpress/slug';

const ARTICLE = '<p>Good compost feeds the beds. Compost keeps the soil alive, and mulch keeps the moisture in.</p>'
  + '<p>Read <a href="https://seeds.example/">organic heirloom seeds</a> before sowing.</p><figure><img src="x.png" alt="Cup"><figcaption>Photo by Somebody Else</figcaption></figure>';

describe('WordPress slugs from titles (sanitize_title)', () => {
  it('lower-cases, drops Latin accents, turns periods and spaces into hyphens and removes other punctuation', () => {
    expect(slugOfTitle('Growing Tomatoes: 10 Tips for Beginners!')).toBe('growing-tomatoes-10-tips-for-beginners');
    expect(slugOfTitle("Don't  over-water   the basil")).toBe('dont-over-water-the-basil');
    expect(slugOfTitle('Crème brûlée & Straße à la Øresund')).toBe('creme-brulee-strasse-a-la-oresund');
    expect(slugOfTitle('Version 2.0 — what’s new')).toBe('version-2-0-whats-new');
    expect(slugOfTitle('<b>Tea</b> &amp; you')).toBe('tea-you');
    expect(slugOfTitle('snake_case stays')).toBe('snake_case-stays');
  });

  it('URL-encodes letters of other scripts in lower-case hex, as WordPress stores them', () => {
    expect(slugOfTitle('Привет мир')).toBe(`${encodeURIComponent('привет').toLowerCase()}-${encodeURIComponent('мир').toLowerCase()}`);
    expect(slugOfTitle('日本')).toBe(encodeURIComponent('日本').toLowerCase());
  });

  it('keeps to 200 characters, cut at a hyphen and never inside an encoded letter', () => {
    const long = slugOfTitle(`${'word '.repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('-')).toBe(false);
    expect(long).toMatch(/^(word-)*word$/);
    const cyrillic = slugOfTitle('я'.repeat(50));
    expect(cyrillic.length).toBeLessThanOrEqual(200);
    expect(() => decodeURIComponent(cyrillic)).not.toThrow();
  });

  it('offers the title first, then the title told apart by words of the text — never a number, never a link keyword or a credit', () => {
    const candidates = slugCandidates('Garden basics', ARTICLE);
    expect(candidates[0]).toBe('garden-basics');
    expect(candidates.slice(1, 4)).toEqual(['garden-basics-compost', 'garden-basics-keeps', 'garden-basics-feeds']);
    expect(candidates.every((slug) => !/-\d+$/.test(slug))).toBe(true);
    expect(candidates.some((slug) => /organic|heirloom|somebody|photo/.test(slug))).toBe(false);
    expect(new Set(candidates).size).toBe(candidates.length);
  });

  it('gives a title without letters the first words of its text, and skips slugs WordPress would rename', () => {
    expect(slugCandidates('!!!', '<p>Sunny mornings in the orchard.</p>')[0]).toBe('sunny-mornings-in-the-orchard');
    expect(isReservedSlug('feed')).toBe(true);
    expect(isReservedSlug('2024')).toBe(true);
    expect(isReservedSlug('page2')).toBe(true);
    expect(isReservedSlug('2024-garden')).toBe(false);
    expect(slugCandidates('2024', ARTICLE)[0]).toBe('2024-compost');
  });
});

describe('MediaWiki page names from titles', () => {
  it('drops what a title cannot hold and keeps to 255 bytes', () => {
    expect(pageTitleOf('Tea [and] {biscuits} | #1 <b>choice</b> ~~~~')).toBe('Tea and biscuits 1 choice');
    expect(pageTitleOf('snake_case  title ')).toBe('snake case title');
    expect(pageTitleOf(':Leading colon')).toBe('Leading colon');
    expect(pageTitleOf('50%25 off')).toBe('50% 25 off');
    expect(Buffer.byteLength(pageTitleOf('ж'.repeat(300)))).toBeLessThanOrEqual(255);
  });

  it('disambiguates as a wiki editor does: "Title (Word)", then two words, never a number', () => {
    const candidates = pageNameCandidates('Garden basics', ARTICLE);
    expect(candidates.slice(0, 3)).toEqual(['Garden basics', 'Garden basics (Compost)', 'Garden basics (Keeps)']);
    expect(candidates).toContain('Garden basics (Compost, keeps)');
    expect(candidates.some((name) => /\d/.test(name))).toBe(false);
    expect(candidates.some((name) => /Organic|Heirloom|Somebody/.test(name))).toBe(false);
  });
});

describe('words that tell a post apart', () => {
  it('are its most frequent words of five letters or more, not in the title, not common English', () => {
    expect(distinguishingWords('<p>Water the roots. Water early, water often; roots love water. Mulch helps.</p>', 'Roots')).toEqual(['Water', 'Early', 'Mulch', 'Helps']);
    expect(distinguishingWords('<p>Über Gärten und Gärten</p>', 'x')).toEqual(['Gärten']);
    expect(distinguishingWords('<p>One barrel, another barrel, and a storm.</p>', 'Water barrels')).toEqual(['Storm']);
  });
});

describe('finding the post an intent made (WordPress)', () => {
  const intent = { title: 'Garden basics', name: 'garden-basics', at: Date.parse('2024-05-01T10:00:00Z') };
  const post = (overrides: Partial<FoundPost>): FoundPost => ({
    id: '7', link: 'http://blog.test/garden-basics/', status: 'publish', slug: 'garden-basics', author: 3, createdMs: intent.at + 1000, title: 'Garden basics', ...overrides,
  });

  it('takes the post of the intent\'s slug by our author made since the intent', () => {
    expect(ownPost([post({})], intent, 3)?.id).toBe('7');
    expect(ownPost([post({ author: 4 })], intent, 3)).toBeNull();
    expect(ownPost([post({ createdMs: intent.at - CLOCK_SKEW_ALLOWANCE_MS - 1 })], intent, 3)).toBeNull();
    expect(ownPost([post({ createdMs: intent.at - 60_000 })], intent, 3)?.id).toBe('7');
  });

  it("takes WordPress's -n variant only with the intent's title (the name was taken between the look and the save), the oldest first", () => {
    const variants = [post({ id: '9', slug: 'garden-basics-3', createdMs: intent.at + 5000 }), post({ id: '8', slug: 'garden-basics-2', createdMs: intent.at + 2000 })];
    expect(ownPost([post({ slug: 'garden-basics', author: 4 }), ...variants], intent, 3)?.id).toBe('8');
    expect(ownPost([post({ slug: 'garden-basics-2', title: 'Another title' })], intent, 3)).toBeNull();
    expect(ownPost([post({ slug: 'garden-basics-2', title: 'Garden basics &amp; more' })], { ...intent, title: 'Garden basics & more' }, 3)?.id).toBe('7');
  });

  it('asks for the slug and WordPress\'s variants of it, which stay within 200 characters', () => {
    expect(slugsToLookUp('a-b').slice(0, 3)).toEqual(['a-b', 'a-b-2', 'a-b-3']);
    expect(takenSlugVariant('x'.repeat(200), 2)).toBe(`${'x'.repeat(198)}-2`);
  });

  it('reads both sites\' timestamps as UTC and accepts an item whose time the site did not give', () => {
    expect(utcMs('2024-05-01T10:00:00')).toBe(Date.parse('2024-05-01T10:00:00Z'));
    expect(utcMs('2024-05-01T10:00:00Z')).toBe(Date.parse('2024-05-01T10:00:00Z'));
    expect(utcMs('')).toBeNull();
    expect(madeAfterIntent(null, intent)).toBe(true);
  });
});

describe('the text a name may come from', () => {
  it('leaves out anchors, figures and markup, and stays linear on tags never closed', () => {
    expect(bodyText('<p>Prune <a href="x">the link words</a> tomatoes<figure><img src="y"><figcaption>Credit line</figcaption></figure> weekly &amp; gently</p>'))
      .toBe('Prune tomatoes weekly & gently');
    expect(bodyText('<p>Before <br/> after <a name="x"/> still here</p>')).toBe('Before after still here');
    const hostile = '<a href="x">'.repeat(200_000);
    expect(bodyText(`${hostile} tail`)).toBe('');
    expect(bodyText('<p>text <unclosed')).toBe('text');
  });
});
