/**
 * What the engine adds to a published item carries nothing of its own (issue 34 item 1): no class,
 * id, data attribute or comment in the post HTML, no wiki comment, no name derived from a key, no
 * edit summary — across many posts built from one article with links, images and videos.
 */
import { describe, expect, it } from 'vitest';
import { buildPost, createRng, type PostLinkSource } from '@linkloom/shared';
import { htmlToWikitext } from '../../src/engine/connectors/mediawiki/html-to-wikitext';
import { pageNameCandidates } from '../../src/engine/connectors/mediawiki/page-name';
import { slugCandidates } from '../../src/engine/connectors/wordpress/slug';
import { idempotencyKey } from '../../src/engine/runner/runs.repository';

const ARTICLE = {
  title: '{Growing|Raising} tomatoes on a balcony',
  body: 'Tomatoes need six hours of sun. {Pick|Choose} a compact variety for pots.\n\nWater at the base, never the leaves. Feed every two weeks once the first flowers open.\n\nPinch out side shoots so the plant puts its strength into fruit.',
};
const SOURCES: PostLinkSource[] = [{
  linkSetId: 1, minLinks: 2, maxLinks: 2, linkProb: 100,
  links: [{ url: 'https://seeds.example/tomato', anchor: 'tomato seeds' }, { url: 'https://seeds.example/pots', anchor: 'balcony pots' }],
  keywords: null,
}];
const MEDIA = { urls: 'https://img.example/a.jpg\nhttps://img.example/b.jpg', min: 1, max: 2, position: null };
const VIDEOS = { urls: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', min: 1, max: 1, position: null };

describe('no footprint in what the engine publishes', () => {
  const keys = Array.from({ length: 30 }, (_, n) => idempotencyKey('0123456789abcdef', 12, 3, 7, n + 1));
  const posts = keys.map((key) => buildPost({
    article: ARTICLE, linkSources: SOURCES, placement: 'RandomParagraph', tags: 'balcony, {tomatoes|vegetables}', images: MEDIA, videos: VIDEOS,
  }, createRng(key)));

  it('post HTML has no class, id, data attribute or comment, and nothing of the key', () => {
    for (const [index, post] of posts.entries()) {
      expect(post.html).not.toMatch(/\sclass=|\sid=|\sdata-[\w-]+=|<!--/i);
      for (const part of keys[index]!.split('-')) expect(post.html).not.toContain(part);
      expect(post.html.toLowerCase()).not.toContain('linkloom');
    }
  });

  it('the wikitext adds no comment or marker', () => {
    for (const post of posts) {
      const { wikitext } = htmlToWikitext(post.html);
      expect(wikitext).not.toMatch(/<!--|linkloom|__NOINDEX__|__NOTOC__/i);
    }
  });

  it('names come from the title and the text only: no key, id or number pattern of ours', () => {
    for (const [index, post] of posts.entries()) {
      const names = [...slugCandidates(post.title, post.html), ...pageNameCandidates(post.title, post.html)];
      for (const name of names) {
        expect(name).not.toMatch(/^ll-|^LL-|-p\d+-r\d+-|\b[0-9a-f]{16}\b/);
        expect(name).not.toContain(keys[index]!);
      }
      expect(slugCandidates(post.title, post.html)[0]).toMatch(/^(growing|raising)-tomatoes-on-a-balcony$/);
    }
  });
});
