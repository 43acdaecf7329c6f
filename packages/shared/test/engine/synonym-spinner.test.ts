import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/engine/random';
import { spinWithSynonyms } from '../../src/engine/synonym-spinner';

const synonyms = new Map<string, string[]>([
  ['fast', ['quick', 'rapid']],
  ['car', ['automobile']],
  ['good', ['fine']],
]);

describe('spinWithSynonyms', () => {
  it('replaces words that have synonyms, keeping capitalisation', () => {
    const out = spinWithSynonyms('Fast car, FAST CAR, fast car.', createRng(1), { synonyms, replacePercent: 100 });
    expect(out).toMatch(/^(Quick|Rapid) automobile, (QUICK|RAPID) AUTOMOBILE, (quick|rapid) automobile\.$/);
  });

  it('spins spintax first, then synonyms', () => {
    const out = spinWithSynonyms('{good|good} day', createRng(1), { synonyms, replacePercent: 100 });
    expect(out).toBe('fine day');
  });

  it('leaves protected words whole, even where a synonym exists for part of them', () => {
    const out = spinWithSynonyms('Fast Car Rentals rents a fast car', createRng(2), { synonyms, protectedWords: 'fast car rentals', replacePercent: 100 });
    expect(out).toMatch(/^Fast Car Rentals rents a (quick|rapid) automobile$/);
  });

  it('never touches markup, link text or code', () => {
    const html = '<p class="fast car"><a href="/fast">fast car</a> <code>fast</code> car</p>';
    expect(spinWithSynonyms(html, createRng(1), { synonyms, replacePercent: 100 })).toBe('<p class="fast car"><a href="/fast">fast car</a> <code>fast</code> automobile</p>');
  });

  it('replaces about replacePercent of the candidates', () => {
    const text = 'car '.repeat(10_000);
    const out = spinWithSynonyms(text, createRng('rate'), { synonyms, replacePercent: 30 });
    const replaced = out.split('automobile').length - 1;
    expect(replaced / 100).toBeGreaterThan(28.5);
    expect(replaced / 100).toBeLessThan(31.5);
  });

  it('with 0% or an empty list it is plain spintax', () => {
    expect(spinWithSynonyms('fast car', createRng(1), { synonyms, replacePercent: 0 })).toBe('fast car');
    expect(spinWithSynonyms('fast {car|car}', createRng(1), { synonyms: new Map() })).toBe('fast car');
  });

  it('does not cut words at apostrophes or hyphens', () => {
    expect(spinWithSynonyms("car's car-park", createRng(1), { synonyms, replacePercent: 100 })).toBe("car's car-park");
  });

  it('keeps proper nouns: a word capitalised inside a sentence is a name everywhere in the text', () => {
    const names = new Map<string, string[]>([['rose', ['flower']], ['bill', ['invoice']], ['garden', ['yard']]]);
    const out = spinWithSynonyms('Rose planted a rose. We met Rose and Bill in the garden. Bill paid the bill.', createRng(3), { synonyms: names, replacePercent: 100 });
    expect(out).toBe('Rose planted a rose. We met Rose and Bill in the yard. Bill paid the bill.');
  });

  it('replaces a capitalised word that starts a sentence and is no name', () => {
    expect(spinWithSynonyms('Car parks. The car.', createRng(1), { synonyms, replacePercent: 100 })).toBe('Automobile parks. The automobile.');
  });

  it('makes a/an agree with the replacement', () => {
    const nouns = new Map<string, string[]>([['apple', ['pear']], ['pear', ['apple']], ['hour', ['day']]]);
    const out = spinWithSynonyms('An apple and a pear, AN hour. A pear.', createRng(1), { synonyms: nouns, replacePercent: 100 });
    expect(out).toBe('A pear and an apple, A day. An apple.');
  });

  it('keeps link keywords (keepWords) whole, as protected words', () => {
    const out = spinWithSynonyms('a fast car and a good car', createRng(1), { synonyms, replacePercent: 100, keepWords: ['fast car'] });
    expect(out).toBe('a fast car and a fine automobile');
  });

  it('never replaces inside tags, attributes or comments, and leaves the markup byte for byte', () => {
    const html = '<h2 title="good car">Good car</h2><p><img alt="fast" src="car.png"> a car</p><!-- fast car -->';
    const out = spinWithSynonyms(html, createRng(1), { synonyms, replacePercent: 100 });
    expect(out).toBe('<h2 title="good car">Fine automobile</h2><p><img alt="fast" src="car.png"> an automobile</p><!-- fast car -->');
  });
});
