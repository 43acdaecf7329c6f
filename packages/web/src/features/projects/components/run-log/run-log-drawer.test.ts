import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { RunLogEntry } from '@linkloom/shared';
import { HttpError } from '@/lib/http-error';
import { projectKeys } from '../../api/project-keys';
import type { RunLogPages } from '../../api/run-log-pages';
import { RunLogLines } from './run-log-drawer';

// The live socket is no part of these states (and opens a browser's storage at import).
vi.mock('@/lib/use-live-topic', () => ({ useLiveTopic: () => undefined }));

const entry = (id: number, kind: RunLogEntry['kind'] = 'sent'): RunLogEntry => ({
  id, runId: 1, siteKey: 'SocialNetwork:1', site: 'https://blog.example.com', at: Date.now(), kind, message: `line ${id}`, url: null,
});

// Server rendering runs no effects and fetches nothing: each state is put in the cache first.
function render(siteKey: string | null, seed?: (client: QueryClient) => void): string {
  // retryOnMount off: a failed query would otherwise read again as it mounts (and show the skeleton).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  seed?.(client);
  return renderToString(createElement(QueryClientProvider, { client }, createElement(RunLogLines, { projectId: 7, siteKey })));
}
const seedPages = (siteKey: string | null, data: RunLogPages) => (client: QueryClient) => client.setQueryData(projectKeys.runLog(7, siteKey), data);
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('RunLogLines', () => {
  it('shows a skeleton until the first page comes', () => {
    expect(render(null)).toContain('data-testid="run-log-loading"');
  });

  it('lists the lines newest first, with Load older while more are left', () => {
    const html = render(null, seedPages(null, { pages: [{ entries: [entry(3, 'published'), entry(2, 'retry'), entry(1)], more: true }], pageParams: [undefined] }));
    expect(count(html, 'data-testid="run-log-line"')).toBe(3);
    expect([...html.matchAll(/data-kind="(\w+)"/g)].map((match) => match[1])).toEqual(['published', 'retry', 'sent']);
    expect(html).toContain('data-testid="run-log-more"');
    expect(html).toContain('Load older');
    // The whole project's log names the site of each line.
    expect(html).toContain('https://blog.example.com');
  });

  it('offers no Load older once the oldest line is shown, and names no site in a site\'s own log', () => {
    const html = render('SocialNetwork:1', seedPages('SocialNetwork:1', { pages: [{ entries: [entry(1)], more: false }], pageParams: [undefined] }));
    expect(count(html, 'data-testid="run-log-line"')).toBe(1);
    expect(html).not.toContain('run-log-more');
    expect(html).not.toContain('https://blog.example.com');
  });

  it('says what fills an empty log', () => {
    const html = render(null, seedPages(null, { pages: [{ entries: [], more: false }], pageParams: [undefined] }));
    expect(html).toContain('data-testid="run-log-empty"');
    expect(html).toContain('Nothing logged yet: the log fills as the run sends posts');
  });

  it('says a failed read where the log would be, with Retry', () => {
    const error = new HttpError({ status: 404, url: '/rest/project/7/run_log', statusText: 'Not Found', body: null, method: 'GET', what: 'Could not load the run log' });
    const html = render(null, (client) => {
      client.getQueryCache().build(client, { queryKey: projectKeys.runLog(7, null) }).setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchFailureCount: 1 });
    });
    expect(html).toContain('data-testid="run-log-failed"');
    expect(html).toContain('Could not load the run log');
    expect(html).toContain('It may have been deleted, or it belongs to another account');
    expect(html).toContain('data-testid="run-log-retry"');
    expect(html).not.toContain('run-log-line');
  });
});
