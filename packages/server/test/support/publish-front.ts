/**
 * A front for a real site (WordPress, MediaWiki, Ghost) that passes every request through, but lets a test
 * decide the fate of each request that creates a post: passed on, the engine killed before it
 * reaches the site, the engine killed once the site has saved it (its answer never delivered), or
 * the answer dropped once the site has saved it. The ids the site gave each saved post are kept.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CreateFate = 'pass' | 'killBefore' | 'killAfter' | 'dropAfter';

/** How to know a platform's create request and read the id its answer gives. */
export interface CreateRequests {
  isCreate(method: string, path: string, body: string): boolean;
  savedId(answer: string): string | undefined;
}

export const WORDPRESS_CREATES: CreateRequests = {
  isCreate: (method, path) => method === 'POST' && (/^\/wp-json\/wp\/v2\/posts(\?|$)/.test(path) || /[?&]rest_route=%2Fwp%2Fv2%2Fposts(&|$)/i.test(path)),
  savedId: (answer) => {
    const id = (JSON.parse(answer) as { id?: unknown }).id;
    return typeof id === 'number' ? String(id) : undefined;
  },
};

export const MEDIAWIKI_CREATES: CreateRequests = {
  isCreate: (method, _path, body) => method === 'POST' && new URLSearchParams(body).get('action') === 'edit',
  savedId: (answer) => {
    const id = (JSON.parse(answer) as { edit?: { pageid?: unknown } }).edit?.pageid;
    return typeof id === 'number' ? String(id) : undefined;
  },
};

/** Ghost's create request (its answer is not read: the test finds the post through the Admin API). */
export const GHOST_CREATES: CreateRequests = {
  isCreate: (method, path) => method === 'POST' && /^\/ghost\/api\/admin\/posts\/(\?|$)/.test(path),
  savedId: () => undefined,
};

export interface PublishFront {
  url: string;
  /** Create requests seen, in order. */
  creates: number;
  /** Ids of the posts the site saved behind the front, in order (also those whose answer was never delivered). */
  savedIds: string[];
  close(): Promise<void>;
}

export async function startPublishFront(
  siteUrl: string, requests: CreateRequests, fate: (create: number) => CreateFate, kill: () => void = () => undefined,
): Promise<PublishFront> {
  const site = new URL(siteUrl);
  const front: Omit<PublishFront, 'url' | 'close'> = { creates: 0, savedIds: [] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const isCreate = requests.isCreate(request.method ?? 'GET', request.url ?? '/', body.toString());
      const chosen = isCreate ? fate((front.creates += 1)) : 'pass';
      if (chosen === 'killBefore') {
        kill();
        request.socket.destroy();
        return;
      }
      const upstream = http.request(
        { host: site.hostname, port: site.port, method: request.method, path: request.url, headers: { ...request.headers, host: site.host } },
        (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
          answer.on('end', () => {
            const text = Buffer.concat(answerChunks);
            if (isCreate) {
              const id = safely(() => requests.savedId(text.toString()));
              if (id !== undefined) front.savedIds.push(id);
            }
            if (chosen === 'killAfter') kill();
            if (chosen === 'killAfter' || chosen === 'dropAfter') return void request.socket.destroy();
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(text.length) }).end(text);
          });
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(front, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
