import { describe, expect, it } from 'vitest';
import { RUN_LOG_KINDS } from '@linkloom/shared';
import { RUN_LOG_KIND_TAGS, runLogTitle } from './run-log-kinds';

describe('run log kinds', () => {
  it('colours each kind: sent blue, what worked green, what is still coming gold, a failure red', () => {
    expect(Object.fromEntries(RUN_LOG_KINDS.map((kind) => [kind, RUN_LOG_KIND_TAGS[kind].colour]))).toEqual({
      sent: 'blue', published: 'green', found: 'green', retry: 'gold', wait: 'gold', failed: 'red', account: 'green', edited: 'cyan',
    });
  });

  it('names every kind in words, each its own', () => {
    const labels = RUN_LOG_KINDS.map((kind) => RUN_LOG_KIND_TAGS[kind].label);
    expect(labels.every((label) => /^[A-Z][a-z]+$/.test(label))).toBe(true);
    expect(new Set(labels).size).toBe(RUN_LOG_KINDS.length);
  });

  it('titles the drawer by the site, or the whole project', () => {
    expect(runLogTitle(null)).toBe('Run log');
    expect(runLogTitle('https://blog.example.com')).toBe('Run log — https://blog.example.com');
  });
});
