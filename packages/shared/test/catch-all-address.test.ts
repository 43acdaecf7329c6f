import { describe, expect, it } from 'vitest';
import { catchAllAddress, createRng, isCatchAllAddress } from '../src';

describe('catch-all addresses', () => {
  it('knows a catch-all pattern by its * or spintax local part', () => {
    expect(isCatchAllAddress('*@mail.test')).toBe(true);
    expect(isCatchAllAddress('{anna|ann}.{lee|li}@mail.test')).toBe(true);
    expect(isCatchAllAddress('ann.lee@mail.test')).toBe(false);
    expect(isCatchAllAddress('{curly}@mail.test')).toBe(false);
  });

  it('makes fresh addresses: * is eight letters or digits, spintax is expanded per address, the domain stays', () => {
    const rng = createRng('catch-all');
    const random = catchAllAddress('*@mail.test', rng);
    expect(random).toMatch(/^[a-z0-9]{8}@mail\.test$/);
    expect(catchAllAddress('*@mail.test', rng)).not.toBe(random);
    const names = new Set(Array.from({ length: 40 }, () => catchAllAddress('{anna|ann}.{lee|li}@mail.test', rng)));
    expect([...names].sort()).toEqual(['ann.lee@mail.test', 'ann.li@mail.test', 'anna.lee@mail.test', 'anna.li@mail.test']);
    expect(catchAllAddress('{anna|ann}*@mail.test', rng)).toMatch(/^(anna|ann)[a-z0-9]{8}@mail\.test$/);
  });
});
