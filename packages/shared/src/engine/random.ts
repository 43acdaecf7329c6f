/**
 * The seeded PRNG every content-pipeline choice goes through (no Math.random anywhere in the
 * pipeline). sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state, passes
 * PractRand) seeded by the cyrb128 hash of the seed text, so a string such as
 * `project:12/site:7/post:3` gives the same post every time: a retry or a resumed run rebuilds
 * exactly the post it planned, and a test with a fixed seed is reproducible.
 */
export interface Rng {
  /** Uniform in [0, 1), 2^-32 resolution. */
  next(): number;
  /** Uniform whole number in [min, max], both included (swapped when max < min). */
  int(min: number, max: number): number;
  /** One item, uniformly; throws a RangeError on an empty list (callers check first). */
  pick<T>(items: readonly T[]): T;
  /** True with `percent`% probability (≤ 0 never, ≥ 100 always); always draws once. */
  chance(percent: number): boolean;
  /** A shuffled copy (Fisher–Yates); the input is left untouched. */
  shuffle<T>(items: readonly T[]): T[];
}

/** cyrb128: four 32-bit words from a text, well mixed, for seeding sfc32. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32 over 32-bit words; answers [0, 1). */
function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A generator for `seed` (a number or any text); equal seeds give equal sequences. */
export function createRng(seed: number | string): Rng {
  const next = sfc32(cyrb128(String(seed)));
  // The first outputs still carry the seed's structure; the reference implementation skips 12+.
  for (let i = 0; i < 15; i += 1) next();
  const int = (min: number, max: number): number => {
    let low = Math.ceil(Math.min(min, max));
    let high = Math.floor(Math.max(min, max));
    if (high < low) [low, high] = [high, low];
    return low + Math.floor(next() * (high - low + 1));
  };
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    chance(percent: number): boolean {
      return next() * 100 < percent;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
