/**
 * The words around a module's link (engine/modules/author-text.ts, issue 37 item 3): the author
 * box of an article directory entry or a press release carries the post's first link (moved out of
 * the body, its words left there), varies with the post's seed, and holds nothing of ours (no key,
 * id or fixed sentence across posts); a profile's bio carries at most two links, the first its
 * website.
 */
import { describe, expect, it } from 'vitest';
import type { BuiltPost } from '@linkloom/shared';
import { openingSentences, profileOf, subjectOf, unwrapFirstLink, withAuthorBox, type AuthorIdentity } from '../../src/engine/modules/author-text';
import { displayName } from '../../src/engine/modules/modules.repository';
import { postStyleOf } from '../../src/engine/modules/module-style';

const post = (seedLinks = 2): BuiltPost => {
  const links = [
    { index: 0, url: 'https://seeds.example.test/shop', href: 'https://seeds.example.test/shop', anchor: 'heirloom seeds', placement: 'RandomParagraph' as const, linkSetId: 1, anchorType: 'primary' as const },
    { index: 1, url: 'https://tools.example.test/', href: 'https://tools.example.test/', anchor: 'click here', placement: 'RandomParagraph' as const, linkSetId: 1, anchorType: 'generic' as const },
  ].slice(0, seedLinks);
  return {
    title: 'Growing Tomatoes at Home',
    html: `<p>Good soil makes the garden. Buy <a href="https://seeds.example.test/shop">heirloom seeds</a> early.</p>\n<p>Water at dawn. Tools: <a href="https://tools.example.test/">click here</a>.</p>`,
    tags: ['garden'], links, media: [], skippedLinks: [],
  };
};

const anna: AuthorIdentity = { name: 'Anna Lee', firstName: 'Anna', bio: '' };

describe('the author box', () => {
  it('moves the first link into a box at the end, leaves its words and the other links in place, records the same links', () => {
    const boxed = withAuthorBox(post(), 'ArticleDirectory', anna, 'i1-p2-r3-s4-n1');
    const [body, box] = [boxed.html.slice(0, boxed.html.lastIndexOf('</p>\n') + 4), boxed.html.slice(boxed.html.lastIndexOf('</p>\n') + 5)];
    expect(body).toContain('Buy heirloom seeds early.');
    expect(body).not.toContain('https://seeds.example.test/shop');
    expect(body).toContain('<a href="https://tools.example.test/">click here</a>');
    expect(box).toContain('<a href="https://seeds.example.test/shop">heirloom seeds</a>');
    expect(box).toMatch(/^(<h3>|<h4>|<p><strong>)/);
    expect(boxed.links).toEqual(post().links);
    // Nothing of the seed (the post's key) reaches the text.
    expect(boxed.html).not.toMatch(/i1-p2|r3|s4-n1/);
  });

  it('varies its heading, bio and link sentence by the seed: no fixed box repeated across posts', () => {
    const boxes = new Set<string>();
    const headings = new Set<string>();
    for (let n = 1; n <= 40; n++) {
      const html = withAuthorBox(post(), 'ArticleDirectory', anna, `i9-p1-r1-s1-n${n}`).html;
      const box = html.slice(html.indexOf('</p>\n<p>Water'));
      boxes.add(box.slice(box.indexOf('</p>', 10)));
      headings.add(/<(h3|h4|strong)>([^<]*)</.exec(box)?.[2] ?? '');
    }
    expect(boxes.size).toBeGreaterThan(20);
    expect(headings.size).toBeGreaterThan(3);
    // The same seed gives the same box (a rebuild after a crash sends the same post).
    expect(withAuthorBox(post(), 'PressRelease', anna, 'k').html).toBe(withAuthorBox(post(), 'PressRelease', anna, 'k').html);
  });

  it("uses the account's own bio when LinkLoom registered it, and press-release headings for press releases", () => {
    const html = withAuthorBox(post(1), 'PressRelease', { name: 'Anna Lee', firstName: 'Anna', bio: 'Anna writes about <gardening> & seeds.' }, 'seed').html;
    expect(html).toContain('Anna writes about &lt;gardening&gt; &amp; seeds.');
    expect(html).toMatch(/Media contact|For more information|Contact|About Anna Lee|About the writer|Press contact/);
  });

  it('keeps a post without links as it is but for the box, and unwraps only the first matching link', () => {
    const bare = { ...post(0), html: '<p>No links here.</p>' };
    expect(withAuthorBox(bare, 'ArticleDirectory', anna, 's').html.startsWith('<p>No links here.</p>\n')).toBe(true);
    expect(unwrapFirstLink('<a href="https://a.test/?x=1&amp;y=2">one</a> <a href="https://a.test/?x=1&amp;y=2">two</a>', 'https://a.test/?x=1&y=2'))
      .toBe('one <a href="https://a.test/?x=1&amp;y=2">two</a>');
    expect(unwrapFirstLink('<a href="https://a.test/">never closed', 'https://a.test/')).toBe('<a href="https://a.test/">never closed');
  });
});

describe('the profile', () => {
  it('writes a short bio from the article when the account has none, with its first two links, the website the first', () => {
    const { profile, links } = profileOf(post(), anna, 'seed');
    expect(links.map((link) => link.url)).toEqual(['https://seeds.example.test/shop', 'https://tools.example.test/']);
    expect(profile.url).toBe('https://seeds.example.test/shop');
    expect(profile.anchor).toBe('heirloom seeds');
    expect(profile.html).toMatch(/^Good soil makes the garden\. Buy heirloom seeds early\./);
    expect(profile.html).toContain('<a href="https://seeds.example.test/shop">heirloom seeds</a>');
    expect(profile.html).toContain('<a href="https://tools.example.test/">click here</a>');
    expect(profile.html).not.toMatch(/<p|<h\d|<div/);
    expect(profile.bio).not.toContain('<');
  });

  it("prefers the account's bio, and cuts a long opening at a sentence or a word", () => {
    expect(profileOf(post(1), { ...anna, bio: 'Anna grows tomatoes.' }, 's').profile.html).toMatch(/^Anna grows tomatoes\. /);
    expect(openingSentences('One. Two two. Three three three.', 12)).toBe('One.');
    expect(openingSentences(`${'word '.repeat(100)}end.`, 40)).toMatch(/^(word ){7}word…$/);
  });
});

describe('module names and styles', () => {
  it('maps modules to what their posts are', () => {
    expect(['SocialNetwork', 'Wiki', 'ArticleDirectory', 'PressRelease', 'WebProfile', 'ForumProfile', 'PDF', 'Private', 'Bookmarking'].map(postStyleOf))
      .toEqual(['article', 'article', 'directory', 'directory', 'profile', 'profile', 'document', 'article', 'article']);
    expect(postStyleOf('constructor')).toBe('article');
  });

  it('reads user names as names', () => {
    expect([displayName('anna_lee'), displayName('Admin@linkloom'), displayName('writer42'), displayName('___')]).toEqual(['Anna Lee', 'Admin', 'Writer', '___']);
    expect(subjectOf('Growing Tomatoes at Home')).toBe('growing Tomatoes at Home');
    expect(subjectOf('DIY compost bins!')).toBe('DIY compost bins');
  });
});
