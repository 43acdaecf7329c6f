/**
 * Blocked sites honoured by the engine (issue 15.7): a private project whose network holds a blog on
 * a blocked host never contacts it (the post fails with a line naming the site and the option);
 * the other blog is tried as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { freePort } from '../support/server-process';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { saveOptions } from '../../src/features/options/options.repository';
import { TARGET_MESSAGES } from '../../src/engine/runner/publish-target';
import { untilWithin } from '../support/until';

const until = untilWithin(25_000);

describe.each(DATABASES)('blocked sites in the engine on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  let blockedBlog: Server;
  let hits = 0;

  beforeAll(async () => {
    if (skip) return;
    blockedBlog = createServer((_request, response) => {
      hits += 1;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => blockedBlog.listen(0, '127.0.0.1', resolve));
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
  });
  afterAll(async () => {
    if (skip) return;
    blockedBlog.closeAllConnections();
    await new Promise((resolve) => blockedBlog.close(resolve));
  });

  it.skipIf(skip)('never posts to a blocked host; the other site is tried', async () => {
    const blockedUrl = `http://127.0.0.1:${(blockedBlog.address() as AddressInfo).port}`;
    const deadUrl = `http://localhost:${await freePort()}`;
    const world = await buildPrivateProjectWorld(db(), ann.id, [
      { url: blockedUrl, username: 'admin', password: 'app password' },
      { url: deadUrl, username: 'admin', password: 'app password' },
    ]);
    expect((await ann.agent.request('POST', '/rest/blocked_sites', { body: ['127.0.0.1'] })).statusCode).toBe(200);

    expect((await ann.agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    const end = await until('the run to end', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
    });
    expect(end.status).toBe('FAILED');
    expect(end.lastError).toEqual(expect.arrayContaining([
      expect.stringContaining(TARGET_MESSAGES.blocked(blockedUrl)),
      expect.stringContaining(`Could not reach ${deadUrl} (connection refused)`),
    ]));
    expect(hits).toBe(0);
  });
});
