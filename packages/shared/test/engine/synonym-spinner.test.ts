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
});
