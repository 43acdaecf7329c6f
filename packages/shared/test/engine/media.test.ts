import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_PER_POST, insertMedia, mediaHtml, parseMediaUrls, videoEmbed } from '../../src/engine/media';
import { createRng } from '../../src/engine/random';

const IMAGES = 'https://img.example/1.jpg\nhttps://img.example/2.jpg\r\nhttps://img.example/3.jpg';
const article = '<p>One.</p><p>Two.</p><p>Three.</p>';

describe('parseMediaUrls', () => {
  it('keeps absolute http(s) URLs, one per line, trimmed, normalised and de-duplicated', () => {
    expect(parseMediaUrls(' https://a.example/x.png \n\nhttp://B.example/y.png\nhttps://a.example/x.png\nftp://c.example/z\njavascript:alert(1)\n/relative.png\nhttps://\nnot a url')).toEqual([
      'https://a.example/x.png', 'http://b.example/y.png',
    ]);
    expect(parseMediaUrls(['https://a.example/a b.png'])).toEqual(['https://a.example/a%20b.png']);
    expect(parseMediaUrls('')).toEqual([]);
  });
});

describe('videoEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('%s → %s', (url, src) => {
    expect(videoEmbed(url)?.src).toBe(src);
  });

  it('answers null for other URLs and malformed ids', () => {
    for (const url of ['https://x.example/v.mp4', 'https://youtube.com/watch?v=short', 'https://youtube.com/channel/abc', 'https://vimeo.com/about', 'nonsense']) expect(videoEmbed(url)).toBeNull();
  });
});

describe('mediaHtml', () => {
  it('writes images with escaped src and alt', () => {
    expect(mediaHtml('image', 'https://i.example/a.png?x=1&y="2"', 'Tom & "Jerry"')).toEqual({
      html: '<figure><img src="https://i.example/a.png?x=1&amp;y=&quot;2&quot;" alt="Tom &amp; &quot;Jerry&quot;"></figure>', embed: 'image',
    });
  });

  it('embeds YouTube and Vimeo as iframes and other videos as <video controls>', () => {
    expect(mediaHtml('video', 'https://youtu.be/dQw4w9WgXcQ').html).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(mediaHtml('video', 'https://vimeo.com/1').embed).toBe('vimeo');
    expect(mediaHtml('video', 'https://v.example/a.mp4')).toEqual({ html: '<figure><video src="https://v.example/a.mp4" controls></video></figure>', embed: 'video' });
  });
});

describe('insertMedia', () => {
  it('puts items at the top or the bottom', () => {
    const top = insertMedia(article, { kind: 'image', urls: IMAGES, min: 2, max: 2, position: 'Top', alt: 'T' }, createRng(1));
    expect(top.html).toMatch(/^<figure><img[^>]+><\/figure><figure><img[^>]+><\/figure><p>One\.<\/p>/);
    expect(top.inserted).toHaveLength(2);
    const bottom = insertMedia(article, { kind: 'image', urls: IMAGES, min: 1, max: 1, position: 'Bottom' }, createRng(1));
    expect(bottom.html).toMatch(/<p>Three\.<\/p><figure><img[^>]+alt=""><\/figure>$/);
    expect(bottom.inserted[0]!.position).toBe('Bottom');
  });

  it('Random goes between two paragraphs, a different gap per item while there are enough', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const r = insertMedia(article, { kind: 'image', urls: IMAGES, min: 2, max: 2, position: 'Random' }, createRng(seed));
      expect(r.html).toMatch(/^<p>One\.<\/p><figure><img[^>]+><\/figure><p>Two\.<\/p><figure><img[^>]+><\/figure><p>Three\.<\/p>$/);
    }
  });

  it('Random without a gap between paragraphs goes to the bottom', () => {
    const r = insertMedia('<p>Only one.</p>', { kind: 'image', urls: IMAGES, min: 1, max: 1, position: 'Random' }, createRng(1));
    expect(r.html).toMatch(/^<p>Only one\.<\/p><figure>/);
    expect(r.inserted[0]!.position).toBe('Bottom');
  });

  it('a missing position means Random (the form default)', () => {
    expect(insertMedia(article, { kind: 'image', urls: IMAGES, min: 1, max: 1, position: null }, createRng(1)).inserted[0]!.position).toBe('Random');
  });

  it('takes a uniform count in min..max, never more than the distinct usable URLs, each once', () => {
    const rng = createRng('counts');
    const counts = new Set<number>();
    for (let i = 0; i < 300; i += 1) {
      const r = insertMedia(article, { kind: 'image', urls: `${IMAGES}\nftp://bad`, min: 1, max: 5, position: 'Bottom' }, rng);
      counts.add(r.inserted.length);
      expect(new Set(r.inserted.map((m) => m.url)).size).toBe(r.inserted.length);
    }
    expect(counts).toEqual(new Set([1, 2, 3]));
  });

  it('inserts nothing for no URLs, a count of 0, or bad counts', () => {
    expect(insertMedia(article, { kind: 'image', urls: '', min: 1, max: 3, position: 'Top' }, createRng(1))).toEqual({ html: article, inserted: [] });
    expect(insertMedia(article, { kind: 'image', urls: IMAGES, min: 0, max: 0, position: 'Top' }, createRng(1)).inserted).toEqual([]);
    expect(insertMedia(article, { kind: 'image', urls: IMAGES, min: -4, max: null, position: 'Top' }, createRng(1)).inserted.length).toBeLessThanOrEqual(1);
    const many = Array.from({ length: 80 }, (_, i) => `https://i.example/${i}.png`);
    expect(insertMedia(article, { kind: 'image', urls: many, min: 1000, max: 1000, position: 'Top' }, createRng(1)).inserted).toHaveLength(MAX_MEDIA_PER_POST);
  });

  it('never puts media inside a paragraph or a link', () => {
    const html = '<p>a <a href="/x">b</p><p>c</a></p><p>d</p>';
    const r = insertMedia(html, { kind: 'video', urls: 'https://v.example/1.mp4', min: 1, max: 1, position: 'Random' }, createRng(1));
    expect(r.html).toBe('<p>a <a href="/x">b</p><p>c</a></p><figure><video src="https://v.example/1.mp4" controls></video></figure><p>d</p>');
  });
});
