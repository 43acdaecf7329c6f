import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from './http';
import { HttpError } from './http-error';

function bodyThatFails(): Response {
  const stream = new ReadableStream({ start: (controller) => controller.error(new DOMException('The operation was aborted.', 'AbortError')) });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('http client: a body that breaks off', () => {
  // The client reads the XSRF cookie; this node test has no page, only its cookie jar.
  beforeEach(() => vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t' }));
  afterEach(() => vi.unstubAllGlobals());

  it('rethrows the abort, without reporting a malformed answer, when the query was cancelled', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async () => {
      controller.abort();
      return bodyThatFails();
    });
    const failure = await get('/rest/campaign/1', { signal: controller.signal, silent: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DOMException);
    expect((failure as DOMException).name).toBe('AbortError');
  });

  it('reports a broken connection (not "unexpected shape") when nobody cancelled', async () => {
    vi.stubGlobal('fetch', async () => bodyThatFails());
    const failure = await get('/rest/campaign/1', { silent: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).problem).toBe('The connection broke while the answer arrived.');
  });
});
