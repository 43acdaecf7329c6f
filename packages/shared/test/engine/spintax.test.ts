import { describe, expect, it } from 'vitest';
import { findProtectedSpans, parseProtectedWords } from '../../src/engine/protected-words';
import { createRng } from '../../src/engine/random';
import { spin } from '../../src/engine/spintax';

/** Every distinct output of `text` over many seeds. */
function outputs(text: string, protectedWords?: string, runs = 400): Set<string> {
  const rng = createRng(`outputs:${text}`);
  const seen = new Set<string>();
  for (let i = 0; i < runs; i += 1) seen.add(spin(text, rng, { protectedWords }));
  return seen;
}

describe('spin: groups', () => {
  it('picks one option per group, each option in time', () => {
    expect(outputs('{a|b|c} x')).toEqual(new Set(['a x', 'b x', 'c x']));
  });

  it('expands nested groups at any depth', () => {
    expect(outputs('{a|b|{c|d}}')).toEqual(new Set(['a', 'b', 'c', 'd']));
    expect(outputs('{x{1|2}|y}-{p|{q|{r|s}}}')).toEqual(new Set(['x1-p', 'x2-p', 'y-p', 'x1-q', 'x2-q', 'y-q', 'x1-r', 'x2-r', 'y-r', 'x1-s', 'x2-s', 'y-s']));
  });

  it('is uniform among the options of one group', () => {
    const rng = createRng('uniform');
    const counts = new Map<string, number>();
    for (let i = 0; i < 9_000; i += 1) {
      const out = spin('{a|b|c}', rng);
      counts.set(out, (counts.get(out) ?? 0) + 1);
    }
    for (const n of counts.values()) expect(Math.abs(n - 3_000)).toBeLessThan(200);
  });

  it('keeps empty options and empty groups', () => {
    expect(outputs('x{|y}z')).toEqual(new Set(['xz', 'xyz']));
    expect(outputs('{|}')).toEqual(new Set(['']));
  });

  it('leaves text without spintax exactly as it is', () => {
    const text = '<p class="x">Plain text, 100% & no groups.</p>\n\tÜmlauts — too';
    expect(spin(text, createRng(1))).toBe(text);
    expect(spin('', createRng(1))).toBe('');
  });

  it('is reproducible for a seed', () => {
    const text = '{a|b|c}{d|e|f}{g|h|{i|j}}'.repeat(10);
    expect(spin(text, createRng('same'))).toBe(spin(text, createRng('same')));
  });
});

describe('spin: braces that are not groups', () => {
  it('keeps a brace pair without | as written, spinning what is inside', () => {
    expect(spin('see {link} and [link]', createRng(1))).toBe('see {link} and [link]');
    expect(spin('{}', createRng(1))).toBe('{}');
    expect(outputs('{curly {a|b}}')).toEqual(new Set(['{curly a}', '{curly b}']));
    expect(outputs('{a|{b}}')).toEqual(new Set(['a', '{b}']));
  });

  it('prints escaped braces and bars as themselves', () => {
    expect(spin('\\{a|b\\} and \\|', createRng(1))).toBe('{a|b} and |');
    expect(outputs('{x\\|y|z}')).toEqual(new Set(['x|y', 'z']));
    expect(spin('C:\\path\\n', createRng(1))).toBe('C:\\path\\n');
    expect(spin('ends with \\', createRng(1))).toBe('ends with \\');
  });

  it('leaves unbalanced braces and stray bars as text and never throws', () => {
    expect(spin('open { never closed', createRng(1))).toBe('open { never closed');
    expect(spin('close } without open', createRng(1))).toBe('close } without open');
    expect(spin('a | b', createRng(1))).toBe('a | b');
    expect(spin('{a|b', createRng(1))).toBe('{a|b');
    expect(outputs('{a|{b|c}')).toEqual(new Set(['{a|b', '{a|c']));
    expect(outputs('}{a|b}{')).toEqual(new Set(['}a{', '}b{']));
    expect(spin('{{{', createRng(1))).toBe('{{{');
    expect(spin('}}}|||', createRng(1))).toBe('}}}|||');
  });

  it('survives very deep nesting without recursion', () => {
    const depth = 50_000;
    const deep = `${'{a|'.repeat(depth)}b${'}'.repeat(depth)}`;
    const out = spin(deep, createRng(1));
    expect(['a', 'b']).toContain(out);
    const unclosed = '{'.repeat(depth);
    expect(spin(unclosed, createRng(1))).toBe(unclosed);
  });

  it('never throws on random noise made of syntax characters', () => {
    const rng = createRng('noise');
    const alphabet = ['{', '}', '|', '\\', 'a', ' ', 'Acme|Co'];
    for (let i = 0; i < 500; i += 1) {
      const text = Array.from({ length: rng.int(0, 40) }, () => rng.pick(alphabet)).join('');
      expect(() => spin(text, rng, { protectedWords: 'Acme|Co' })).not.toThrow();
    }
  });
});

describe('spin: protected words', () => {
  it('keeps a protected word holding a | intact, inside and outside groups', () => {
    expect(outputs('We love {A|B Corp|others}.', 'A|B Corp')).toEqual(new Set(['We love A|B Corp.', 'We love others.']));
    expect(spin('Call A|B Corp now', createRng(1), { protectedWords: 'A|B Corp' })).toBe('Call A|B Corp now');
  });

  it('keeps a protected word with braces as written', () => {
    expect(spin('Try {curly|Brand} and {Brand|x}', createRng(1), { protectedWords: '{curly|Brand}' }).startsWith('Try {curly|Brand} and ')).toBe(true);
  });

  it('keeps the spelling and case the text uses (found case-insensitively)', () => {
    expect(outputs('{iPhone|a phone} and IPHONE', 'iphone')).toEqual(new Set(['iPhone and IPHONE', 'a phone and IPHONE']));
    expect(spin('{New  York|Boston}', createRng(3), { protectedWords: 'new york' })).toMatch(/^(New {2}York|Boston)$/);
  });

  it('matches on word boundaries only', () => {
    expect(findProtectedSpans('cat catalog bobcat cat.', 'cat')).toEqual([{ start: 0, end: 3 }, { start: 19, end: 22 }]);
    expect(findProtectedSpans('C++ and c++11', 'C++')).toEqual([{ start: 0, end: 3 }, { start: 8, end: 11 }]);
  });

  it('prefers the longer phrase where two start together', () => {
    expect(findProtectedSpans('big data set', 'big, big data')).toEqual([{ start: 0, end: 8 }]);
  });

  it('takes the list as text (comma or line separated) or as an array', () => {
    expect(parseProtectedWords(' Acme , ,Widget\r\nFoo|Bar\n\nacme')).toEqual(['Acme', 'Widget', 'Foo|Bar']);
    expect(parseProtectedWords('')).toEqual([]);
    expect(spin('{Foo|Bar}', createRng(1), { protectedWords: ['Foo|Bar'] })).toBe('{Foo|Bar}');
    expect(findProtectedSpans('x', undefined)).toEqual([]);
    expect(findProtectedSpans('x', '  ,\n')).toEqual([]);
  });

  it('treats regex characters in protected words literally', () => {
    expect(findProtectedSpans('price $5.00 (net) and $5x00', '$5.00 (net)')).toEqual([{ start: 6, end: 17 }]);
    expect(findProtectedSpans('a-b a-bc', 'a-b')).toEqual([{ start: 0, end: 3 }]);
  });
});

describe('spin: hostile input (issue 33.4)', () => {
  it('gives the texts it always gave for a seed (outputs of the previous parser)', () => {
    const text = '{Hello|Hi|Greetings} {world|there}, {this is|here is} {a {quick|short}|one {more|final}} test{.|!}';
    expect([0, 1, 2, 3, 4, 5].map((seed) => spin(text, createRng(`golden:${seed}`)))).toEqual([
      'Hi there, here is a short test.', 'Hi there, this is a quick test.', 'Hi world, here is a quick test.',
      'Hi world, this is a short test!', 'Hi world, here is a short test!', 'Greetings there, here is a short test.',
    ]);
    const html = '<p>{The|A} {best|finest|top} {Acme|Co} {tools|gear} for {your|every} {home|office}.</p>\n<p>{See {link}|Visit [link]} \\{not a group\\} {x|y|{p|q|{r|s}}}</p>';
    expect(spin(html, createRng('golden:2'), { protectedWords: 'Acme|Co' })).toBe('<p>The best {Acme|Co} gear for your home.</p>\n<p>See {link} {not a group} r</p>');
    expect(spin('{a|b|c}{d|e|f}{g|h|{i|j}}'.repeat(5), createRng('golden:3'))).toBe('beicdjbdgbfjcfg');
  });

  it('returns 500 KB of groups never closed as the literal text', () => {
    const text = '{a|'.repeat(166_667);
    expect(text.length).toBeGreaterThanOrEqual(500_000);
    expect(spin(text, createRng(1))).toBe(text);
    const opens = '{'.repeat(500_000);
    expect(spin(opens, createRng(1))).toBe(opens);
  });

  it('keeps the groups inside an unclosed one spun, and its own text as written', () => {
    const text = `${'{a|'.repeat(100_000)}{x|y}`;
    const out = spin(text, createRng(7));
    expect(out.slice(0, -1)).toBe('{a|'.repeat(100_000));
    expect(['x', 'y']).toContain(out.slice(-1));
  });

  it('spins 100,000 levels of nesting without overflowing the stack', () => {
    const braces = `${'{'.repeat(100_000)}${'}'.repeat(100_000)}`;
    expect(spin(braces, createRng(1))).toBe(braces);
    const groups = `${'{a|'.repeat(100_000)}b${'}'.repeat(100_000)}`;
    expect(['a', 'b']).toContain(spin(groups, createRng(2)));
  });

  it('draws one variant of a text with astronomically many, never all of them', () => {
    // 10^200 variants: spinning costs the text's length, not the number of variants.
    const text = '{0|1|2|3|4|5|6|7|8|9}'.repeat(200);
    expect(spin(text, createRng(3))).toMatch(/^\d{200}$/);
  });
});
