/**
 * Saved options reach the engine at its next step, wherever they were saved. The engine keeps a
 * user's parsed options while their row's updated_at stays; it used to keep them for a period, and
 * "Use Proxy" switched on and the platform verifier started at once fetched every site directly,
 * from the user's own address, when the engine had read the options just before (and, with the
 * engine in a worker process, whatever the web process did). Real server and engine on both
 * databases, a local site that counts its connections.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { CustomSitesResponse } from '@linkloom/shared';
import { engineOptions, PROXY_WAIT_MESSAGES } from '../../src/engine/runner/engine-options';
import { runSiteVerifier } from '../../src/engine/site-verifier/site-verify.job';
import { beginVerifierRun } from '../../src/features/custom-sites/site-verifier.repository';
import { getVerifierState } from '../../src/features/custom-sites/custom-sites.repository';
import { saveOptions, setPrivileged } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

describe.each(DATABASES)('options saved reach the engine at once on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann, bob } = useTwoUsers(ctx, skip);

  it.skipIf(skip)('the engine reads a save at its next step, and only the saving user\'s options are read again', async () => {
    const { db } = ctx.server.database;
    expect((await engineOptions(db, ann.id)).useProxy).toBe(false);
    expect((await engineOptions(db, bob.id)).useProxy).toBe(false);
    expect((await ann.agent.request('POST', '/rest/options', { body: { useProxy: true } })).statusCode).toBe(200);
    expect((await engineOptions(db, ann.id)).useProxy).toBe(true);
    expect((await engineOptions(db, bob.id)).useProxy).toBe(false);
    // A refused save changes nothing the engine reads.
    expect((await ann.agent.request('POST', '/rest/options', { body: { useProxy: 'yes' } })).statusCode).toBe(422);
    expect((await engineOptions(db, ann.id)).useProxy).toBe(true);
    expect((await ann.agent.request('POST', '/rest/options', { body: { useProxy: false } })).statusCode).toBe(200);
    expect((await engineOptions(db, ann.id)).useProxy).toBe(false);
  });

  it.skipIf(skip)('a save written by another process (a web process beside a worker, the CLI) reaches the engine at once too', async () => {
    const { db } = ctx.server.database;
    expect((await engineOptions(db, ann.id)).useProxyForPosting).toBe(false);
    // Straight to the database, as another process writes it: nothing in this process is told.
    await saveOptions(db, ann.id, { useProxyForPosting: true });
    expect((await engineOptions(db, ann.id)).useProxyForPosting).toBe(true);
    expect((await engineOptions(db, ann.id)).privileged).toBe(false);
    await setPrivileged(db, ann.id, true);
    expect((await engineOptions(db, ann.id)).privileged).toBe(true);
    expect((await engineOptions(db, bob.id)).useProxyForPosting).toBe(false);
  });

  it.skipIf(skip)('Use Proxy switched on just after the engine read the options: the verifier run at once probes no site directly', async () => {
    const { db } = ctx.server.database;
    let connections = 0;
    const site = createServer((_request, response) => response.end('<html></html>'));
    site.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/a-site`;
      const added = await bob.agent.request('PUT', '/rest/custom_sites', { body: { url, module: 'Wiki' } });
      expect(added.statusCode, added.body).toBe(201);
      expect((await engineOptions(db, bob.id)).useProxy).toBe(false);
      expect((await bob.agent.request('POST', '/rest/options', { body: { useProxy: true } })).statusCode).toBe(200);
      const since = Date.now();
      expect((await beginVerifierRun(db, bob.id, since)).started).toBe(true);
      await runSiteVerifier(ctx.server.context, { payload: { ownerId: bob.id, since, chunk: 0 }, signal: new AbortController().signal });
      expect(connections).toBe(0);
      expect(await getVerifierState(db, bob.id)).toMatchObject({ status: 'CHECKING', checked: 0 });
      const sites = JSON.parse((await bob.agent.request('GET', '/rest/custom_sites')).body) as CustomSitesResponse;
      expect(sites.verifierWaitInfo).toBe(PROXY_WAIT_MESSAGES.fetching);
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
