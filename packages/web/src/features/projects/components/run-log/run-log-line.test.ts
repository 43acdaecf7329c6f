import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RunLogEntry } from '@linkloom/shared';
import { RunLogLine } from './run-log-line';

const at = new Date(2030, 4, 6, 14, 5).getTime();
const line = (overrides: Partial<RunLogEntry> = {}): RunLogEntry => ({
  id: 1, runId: 2, siteKey: 'SocialNetwork:1', site: 'https://blog.example.com', at, kind: 'published', message: 'Published', url: null, ...overrides,
});
const render = (entry: RunLogEntry, showSite = false, now = at) => renderToString(createElement(RunLogLine, { entry, now, showSite }));

describe('RunLogLine', () => {
  it('shows the local time, the kind as a coloured tag and the message', () => {
    const html = render(line({ kind: 'retry', message: 'No answer — retry 1 of 3 planned' }));
    expect(html).toContain('data-testid="run-log-line"');
    expect(html).toContain('data-kind="retry"');
    expect(html).toContain('>14:05<');
    expect(html).toContain('title="06/05/2030 14:05"');
    expect(html).toContain('ant-tag-gold');
    expect(html).toContain('>Retry<');
    expect(html).toContain('No answer — retry 1 of 3 planned');
  });

  it('dates a line of another day', () => {
    expect(render(line(), false, at + 2 * 86_400_000)).toContain('>06/05 14:05<');
  });

  it('names the site only in the whole project\'s log', () => {
    expect(render(line(), true)).toContain('https://blog.example.com');
    expect(render(line(), false)).not.toContain('https://blog.example.com');
  });

  it('links the post in a new tab once it is up, and never a link that could run', () => {
    const html = render(line({ url: 'https://blog.example.com/2030/05/post' }));
    expect(html).toMatch(/<a[^>]*href="https:\/\/blog\.example\.com\/2030\/05\/post"[^>]*>/);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('Open post');
    expect(render(line())).not.toContain('Open post');
    expect(render(line({ url: 'javascript:alert(1)' }))).not.toContain('Open post');
  });
});
