import { describe, expect, it } from 'vitest';
import { nameRounds } from '../../src/engine/connectors/name-rounds';

describe('nameRounds (the look-ups of a post\'s name candidates)', () => {
  it('asks about the first candidate alone, then the rest a round at a time, each once and in order', () => {
    const candidates = Array.from({ length: 8 }, (_, i) => `name-${i}`);
    expect([...nameRounds(candidates, 3)]).toEqual([['name-0'], ['name-1', 'name-2', 'name-3'], ['name-4', 'name-5', 'name-6'], ['name-7']]);
  });

  it('has one round for one candidate and none for none', () => {
    expect([...nameRounds(['only'], 50)]).toEqual([['only']]);
    expect([...nameRounds([], 50)]).toEqual([]);
  });
});
