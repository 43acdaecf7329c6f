import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, SITE_STATUSES, statusColour, statusWords } from '../src/index';

describe('statusWords', () => {
  it('writes every project and site status as words, never the raw code', () => {
    for (const status of [...PROJECT_STATUSES, ...SITE_STATUSES]) {
      const words = statusWords(status);
      expect(words).not.toMatch(/_|^[A-Z]{2,}/);
      expect(words.charAt(0)).toBe(words.charAt(0).toUpperCase());
    }
    expect(statusWords('STARTING_VERIFYING')).toBe('Starting verification');
    expect(statusWords('NONE')).toBe('Not run');
  });

  it('writes an unknown code in words from its parts', () => {
    expect(statusWords('SOME_NEW_STATE')).toBe('Some new state');
    expect(statusWords('')).toBe('');
  });

  it('leaves the colours as the spec gives them', () => {
    expect(statusColour('STARTING_VERIFYING')).toBe('blue');
    expect(statusColour('FAILED')).toBe('orange');
    expect(statusColour('COMPLETED')).toBe('purple');
    expect(statusColour('NEW')).toBe('default');
  });
});
