import { describe, expect, it } from 'vitest';
import { describeRunProgress, siteLabel, type RunProgress } from '../src/index';

const base: RunProgress = { projectId: 1, siteKey: 'Private:1', site: 'https://wp-two.example.com/', step: 'attempt', number: 1, of: 3, dueAt: null };
const NOW = 1_800_000_000_000;

describe('describeRunProgress', () => {
  it('says the attempt, the retry with its countdown and the wait', () => {
    expect(describeRunProgress(base, NOW)).toBe('wp-two.example.com: attempt 1 of 3');
    const retry = { ...base, step: 'retry' as const, number: 2, of: 3, dueAt: NOW + 20_000 };
    expect(describeRunProgress(retry, NOW)).toBe('wp-two.example.com: retry 2 of 3 in 20 s');
    expect(describeRunProgress(retry, NOW + 19_500)).toBe('wp-two.example.com: retry 2 of 3 in 1 s');
    expect(describeRunProgress(retry, NOW + 25_000)).toBe('wp-two.example.com: retry 2 of 3 now');
    const wait = { ...base, step: 'wait' as const, dueAt: NOW + 65_000 };
    expect(describeRunProgress(wait, NOW)).toBe('wp-two.example.com: waiting 1 min 5 s before posting');
    expect(describeRunProgress({ ...wait, dueAt: NOW + 7_200_000 }, NOW)).toBe('wp-two.example.com: waiting 2 h before posting');
    expect(describeRunProgress(wait, NOW + 70_000)).toBe('wp-two.example.com: posting now');
  });

  it('writes a site as a user reads it', () => {
    expect(siteLabel('http://127.0.0.1:8080')).toBe('127.0.0.1:8080');
    expect(siteLabel('Private:12')).toBe('Private:12');
  });
});
