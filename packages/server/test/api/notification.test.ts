import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { freePort } from '../support/server-process';

/** The campaign page's notification banner (spec 1 section 2): the service's text for the user, or null. */
let service: Server;
let port = 0;
let answer = { status: 200, body: '<b>Hello</b>' };
const asked: string[] = [];
beforeAll(async () => {
  service = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.body);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  port = (service.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
});

describe.each(DATABASES)('notification banner with a configured service on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { env: { NOTIFICATION_SERVICE_URL: 'http://127.0.0.1:18553' } });
  const { ann } = useTwoUsers(ctx, skip);

  it.skipIf(skip)("answers the service's text for the user, and null (only logged) when it fails", async () => {
    // The configured address is the test's: point it at the live stand-in.
    ctx.server.context.config.notificationServiceUrl = `http://127.0.0.1:${port}/`;
    answer = { status: 200, body: '<b>Hello</b>' };
    expect((await ann.agent.request('GET', '/api/notification')).json()).toEqual({ html: '<b>Hello</b>' });
    expect(asked.at(-1)).toBe(`/info?${ann.id}`);
    answer = { status: 500, body: 'oops' };
    expect((await ann.agent.request('GET', '/api/notification')).json()).toEqual({ html: null });
    ctx.server.context.config.notificationServiceUrl = `http://127.0.0.1:${await freePort()}`;
    expect((await ann.agent.request('GET', '/api/notification')).json()).toEqual({ html: null });
  });
});

describe.each(DATABASES)('notification banner without a service on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  it.skipIf(skip)('is off', async () => {
    expect((await ann.agent.request('GET', '/api/notification')).json()).toEqual({ html: null });
  });
});
