import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, httpExchange } from '../../src/engine/connectors/http';
import { PublishError } from '../../src/engine/connectors/connector';

/** What a local server saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Local {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

const servers: Local[] = [];

async function serve(answer: (seen: Seen, response: http.ServerResponse) => void): Promise<Local> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const one = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(one);
      answer(one, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const local: Local = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  servers.push(local);
  return local;
}

const CTX = { timeoutMs: 5_000, siteLabel: 'the site' };

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('httpExchange (a connector\'s one HTTP call, through undici\'s request)', () => {
  it('sends the method, headers and body, and answers the status, every Set-Cookie line and the text', async () => {
    const site = await serve((_seen, response) => {
      response.writeHead(201, [['Set-Cookie', 'a=1; Path=/'], ['Set-Cookie', 'b=2; Path=/'], ['Content-Type', 'application/json']]);
      response.end('{"ok":true}');
    });
    const answer = await httpExchange({ method: 'POST', url: `${site.url}/api?x=1`, headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' }, body: '{"n":1}' }, CTX);
    expect(answer.status).toBe(201);
    expect(answer.body).toBe('{"ok":true}');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const [request] = site.seen;
    expect(request).toMatchObject({ method: 'POST', url: '/api?x=1', body: '{"n":1}' });
    expect(request?.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer t', accept: '*/*' });
    expect(request?.headers['user-agent']).toMatch(/^LinkLoom\//);
  });

  it('sends a string body without a type as text, as fetch did', async () => {
    const site = await serve((_seen, response) => response.end('fine'));
    await httpExchange({ method: 'POST', url: site.url, body: 'plain words' }, CTX);
    expect(site.seen[0]?.headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const)('inflates an answer the site compressed with %s', async (encoding, compress) => {
    const text = 'é '.repeat(5_000);
    const site = await serve((_seen, response) => {
      response.writeHead(200, { 'Content-Encoding': encoding, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(compress(Buffer.from(text, 'utf8')));
    });
    expect((await httpExchange({ method: 'GET', url: site.url }, CTX)).body).toBe(text);
  });

  it('follows a 302 of a POST as a GET without the body or its type, as fetch does', async () => {
    const site = await serve((seen, response) => {
      if (seen.url === '/form') response.writeHead(302, { Location: '/done' }).end();
      else response.end(`landed ${seen.method}`);
    });
    const answer = await httpExchange({ method: 'POST', url: `${site.url}/form`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' }, CTX);
    expect(answer.body).toBe('landed GET');
    expect(site.seen[1]).toMatchObject({ method: 'GET', url: '/done', body: '' });
    expect(site.seen[1]?.headers['content-type']).toBeUndefined();
  });

  it('follows a 307 with the method and body on the same origin', async () => {
    const site = await serve((seen, response) => {
      if (seen.url === '/old') response.writeHead(307, { Location: '/new' }).end();
      else response.end(`${seen.method} ${seen.body}`);
    });
    expect((await httpExchange({ method: 'PUT', url: `${site.url}/old`, headers: { 'content-type': 'text/xml' }, body: '<x/>' }, CTX)).body).toBe('PUT <x/>');
  });

  it('does not carry a credential header on to another origin', async () => {
    const elsewhere = await serve((_seen, response) => response.end('elsewhere'));
    const site = await serve((_seen, response) => response.writeHead(301, { Location: `${elsewhere.url}/page` }).end());
    const answer = await httpExchange({ method: 'GET', url: `${site.url}/page`, headers: { Authorization: 'Basic c2VjcmV0', Cookie: 'session=1' } }, CTX);
    expect(answer.body).toBe('elsewhere');
    expect(site.seen[0]?.headers.authorization).toBe('Basic c2VjcmV0');
    expect(elsewhere.seen[0]?.headers.authorization).toBeUndefined();
    expect(elsewhere.seen[0]?.headers.cookie).toBeUndefined();
  });

  it('answers a redirect it stops following (the 21st) as it came', async () => {
    const site = await serve((seen, response) => response.writeHead(302, { Location: `/hop${seen.url.length}` }).end());
    const answer = await httpExchange({ method: 'GET', url: `${site.url}/` }, CTX);
    expect(answer.status).toBe(302);
    expect(site.seen).toHaveLength(21);
  });

  it('turns a site that does not answer in time into a timeout whose outcome is unknown, in words', async () => {
    const site = await serve(() => undefined);
    const error = await httpExchange({ method: 'POST', url: site.url, body: 'x' }, { ...CTX, timeoutMs: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true, message: 'the site did not answer within 0.3 s: the site may be slow or down; it will be tried again.' });
  });

  it('turns a refused connection into a network failure that surely sent nothing', async () => {
    const site = await serve(() => undefined);
    await site.close();
    const error = await httpExchange({ method: 'POST', url: site.url, body: 'x' }, CTX).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: false, message: 'Could not reach the site (connection refused): check the site\'s address and that it is online.' });
  });

  it('turns an address that is not a URL into a network failure that sent nothing, in words', async () => {
    const error = await httpExchange({ method: 'GET', url: 'http://exa mple.com:99999/' }, CTX).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: false, message: 'Could not reach the site (the address is not a valid URL): check the site\'s address and that it is online.' });
  });

  it('rejects with the caller\'s own reason when its signal aborts', async () => {
    const site = await serve(() => undefined);
    const controller = new AbortController();
    const reason = new Error('run stopped');
    setTimeout(() => controller.abort(reason), 50);
    await expect(httpExchange({ method: 'GET', url: site.url }, { ...CTX, signal: controller.signal })).rejects.toBe(reason);
  });
  describe(`stops reading an answer past ${MAX_ANSWER_BYTES / 1024 / 1024} MB, and says so in words`, () => {
    const tooLarge = { kind: 'rejected', outcomeUnknown: true, retryable: false, message: `the site answered with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB, which no API answer needs: check that the address is the site's own.` };

    it('when its length says so, before reading it', async () => {
      const site = await serve((_seen, response) => {
        response.writeHead(200, { 'Content-Length': String(MAX_ANSWER_BYTES + 1) });
        response.write('x');
      });
      await expect(httpExchange({ method: 'GET', url: site.url }, CTX)).rejects.toMatchObject(tooLarge);
    });

    it('when it is sent in chunks past the limit', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      const site = await serve((_seen, response) => {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        let sent = 0;
        const more = () => {
          while (sent <= MAX_ANSWER_BYTES) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', more);
          }
          response.end();
        };
        more();
      });
      await expect(httpExchange({ method: 'GET', url: site.url }, CTX)).rejects.toMatchObject(tooLarge);
    });

    it('when it inflates past the limit (a compressed bomb)', async () => {
      const bomb = zlib.gzipSync(Buffer.alloc(MAX_ANSWER_BYTES + 1024));
      const site = await serve((_seen, response) => response.writeHead(200, { 'Content-Encoding': 'gzip' }).end(bomb));
      expect(bomb.length).toBeLessThan(MAX_ANSWER_BYTES / 100);
      await expect(httpExchange({ method: 'GET', url: site.url }, CTX)).rejects.toMatchObject(tooLarge);
    });
  });

  it('drops a UTF-8 byte-order mark, as fetch\'s text() did', async () => {
    const site = await serve((_seen, response) => response.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')])));
    expect((await httpExchange({ method: 'GET', url: site.url }, CTX)).body).toBe('{"a":1}');
  });
});
