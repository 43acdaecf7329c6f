import { describe, expect, it } from 'vitest';
import { chooseAnchor, keywordPhrases, type AnchorKeywords } from '../../src/engine/anchors';
import { createRng } from '../../src/engine/random';

const link = { url: 'https://target.example/page', anchor: 'Target page' };
const keywords = (overrides: Partial<AnchorKeywords> = {}): AnchorKeywords => ({
  useKeyword: true,
  primaryKeyword: 'running shoes',
  secondaryKeyword: 'trail shoes, road shoes',
  brandedKeyword: 'Target Co',
  genericKeyword: 'click here\nthis site',
  primaryPercentage: 100,
  secondaryPercentage: 0,
  brandedPercentage: 0,
  genericPercentage: 0,
  nakedUrlPercentage: 0,
  ...overrides,
});

describe('keywordPhrases', () => {
  it('splits at commas and line breaks outside spintax, trimmed, no empties', () => {
    expect(keywordPhrases(' a , b,,\nc\r\n ')).toEqual(['a', 'b', 'c']);
    expect(keywordPhrases('{best|top, cheap} shoes, boots')).toEqual(['{best|top, cheap} shoes', 'boots']);
    expect(keywordPhrases('')).toEqual([]);
    expect(keywordPhrases('unbalanced } a, b')).toEqual(['unbalanced } a', 'b']);
  });
});

describe('chooseAnchor', () => {
  it('uses the link’s own anchor when keywords are off or missing', () => {
    expect(chooseAnchor(keywords({ useKeyword: false }), link, createRng(1))).toEqual({ text: 'Target page', type: 'linkAnchor' });
    expect(chooseAnchor(null, link, createRng(1))).toEqual({ text: 'Target page', type: 'linkAnchor' });
    expect(chooseAnchor(undefined, { url: 'www.x.example', anchor: '  ' }, createRng(1))).toEqual({ text: 'www.x.example', type: 'nakedUrl' });
  });

  it('draws each kind by its percentage and picks one phrase of the field', () => {
    expect(chooseAnchor(keywords(), link, createRng(1))).toEqual({ text: 'running shoes', type: 'primary' });
    const seen = new Set<string>();
    const rng = createRng('phrases');
    for (let i = 0; i < 100; i += 1) seen.add(chooseAnchor(keywords({ primaryPercentage: 0, secondaryPercentage: 100 }), link, rng).text);
    expect(seen).toEqual(new Set(['trail shoes', 'road shoes']));
    expect(chooseAnchor(keywords({ primaryPercentage: 0, brandedPercentage: 100 }), link, createRng(1))).toEqual({ text: 'Target Co', type: 'branded' });
    expect(chooseAnchor(keywords({ primaryPercentage: 0, genericPercentage: 100 }), link, createRng(1)).type).toBe('generic');
    expect(chooseAnchor(keywords({ primaryPercentage: 0, nakedUrlPercentage: 100 }), link, createRng(1))).toEqual({ text: link.url, type: 'nakedUrl' });
  });

  it('spins a phrase written in spintax', () => {
    const rng = createRng('spun');
    const seen = new Set<string>();
    for (let i = 0; i < 100; i += 1) seen.add(chooseAnchor(keywords({ primaryKeyword: '{best|top} shoes' }), link, rng).text);
    expect(seen).toEqual(new Set(['best shoes', 'top shoes']));
  });

  it('falls back to the link’s anchor when the drawn field is empty', () => {
    expect(chooseAnchor(keywords({ primaryPercentage: 0, secondaryPercentage: 100, secondaryKeyword: ' , ' }), link, createRng(1))).toEqual({ text: 'Target page', type: 'linkAnchor' });
    expect(chooseAnchor(keywords({ primaryKeyword: '{|}' }), link, createRng(1))).toEqual({ text: 'Target page', type: 'linkAnchor' });
  });

  it('normalises percentages that do not total 100 and ignores negative ones', () => {
    const rng = createRng('weights');
    let secondary = 0;
    for (let i = 0; i < 10_000; i += 1) {
      if (chooseAnchor(keywords({ primaryPercentage: 1, secondaryPercentage: 3, brandedPercentage: -50 }), link, rng).type === 'secondary') secondary += 1;
    }
    expect(secondary / 100).toBeGreaterThan(73.5);
    expect(secondary / 100).toBeLessThan(76.5);
    expect(chooseAnchor(keywords({ primaryPercentage: 0 }), link, createRng(1)).type).toBe('linkAnchor');
  });
});
