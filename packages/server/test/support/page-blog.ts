import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** One page of the local blog: its HTML, with a status (200 unless given) and extra headers. */
export interface BlogPage {
  html: string;
  status?: number;
  headers?: Record<string, string>;
}

/** The local blog of a describe block: the pages it serves by path, and its address once started. */
export interface PageBlog {
  /** Path (with query) → page, or its HTML alone; any other path answers 404. */
  pages: Map<string, string | BlogPage>;
  /** `http://127.0.0.1:{port}`, set before the block's tests run. */
  readonly url: string;
}

/**
 * A blog on 127.0.0.1 (or another loopback address `host`: a site of its own domain) for the tests of one describe block (started before them, closed after):
 * it answers each path with the page the test set for it, so a test publishes, edits and deletes
 * posts by changing `pages`.
 */
export function usePageBlog(skip = false, host = '127.0.0.1'): PageBlog {
  const pages = new Map<string, string | BlogPage>();
  let server: http.Server | undefined;
  let url = '';
  beforeAll(async () => {
    if (skip) return;
    server = http.createServer((request, response) => {
      const found = pages.get(request.url ?? '');
      if (found === undefined) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      const page = typeof found === 'string' ? { html: found } : found;
      response.writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...page.headers }).end(page.html);
    });
    await new Promise<void>((resolve) => server!.listen(0, host, resolve));
    url = `http://${host}:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
  return { pages, get url() { return url; } };
}
