/**
 * The outbound policy on the channels that fetch a user's or a site's addresses over HTTP: the
 * platform verifier (and every address a site's answers point to) and backlink checks. Real local
 * listeners stand for internal services; they must see no connection at all unless OUTBOUND_ALLOW
 * names them, and nothing they answer may come back to the user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomSitesResponseSchema, UrlItemListResponseSchema, type CustomSiteRow } from '@linkloom/shared';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import type { Agent } from '../support/agent';
import { DATABASES } from '../support/databases';
import { buildPublishedPost } from '../support/engine-check-factories';
import { useTestServer } from '../support/lifecycle';
import { INTERNAL_SECRET, startRecordingListener, type RecordingListener } from '../support/recording-listener';
import { useTwoUsers } from '../support/scenario';

const sitesOf = async (agent: Agent) => CustomSitesResponseSchema.parse((await agent.request('GET', '/rest/custom_sites')).json());
const add = async (agent: Agent, url: string, login?: { login: string; password: string }) => {
  const response = await agent.request('PUT', '/rest/custom_sites', { body: { url, module: 'Wiki', ...login } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { site: CustomSiteRow }).site;
};
const verifyAll = async (agent: Agent) => {
  expect((await agent.request('POST', '/action/start/site_verifier')).statusCode).toBe(200);
  await expect.poll(async () => (await sitesOf(agent)).verifierStatus, { timeout: 30_000 }).toBe('DONE');
  return new Map((await sitesOf(agent)).sites.map((site) => [site.id, site]));
};
const POLICY_REASON = /^Refused to connect to .+: it is .+ unless the operator opens them with OUTBOUND_ALLOW$/;

describe.each(DATABASES)('outbound policy, verifier and link checks, on $kind (OUTBOUND_ALLOW=127.0.0.2,127.0.0.4)', ({ kind, skip }) => {
  // 127.0.0.2 (a site) and 127.0.0.4 (another host) are opened: the "internal service" on 127.0.0.1 must stay unreachable.
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true, env: { OUTBOUND_ALLOW: '127.0.0.2,127.0.0.4' } });
  const { ann } = useTwoUsers(ctx, skip);
  let internal: RecordingListener;
  let trap: RecordingListener;
  let foreign: RecordingListener;

  beforeAll(async () => {
    if (skip) return;
    internal = await startRecordingListener('127.0.0.1');
    foreign = await startRecordingListener('127.0.0.4');
    // A site the policy allows whose answers point elsewhere: a REST root advertised on another host, redirects to 127.0.0.1.
    trap = await startRecordingListener('127.0.0.2', (request, response) => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html', link: `<${foreign.url}/wp-json/>; rel="https://api.w.org/"` })
          .end('<!doctype html><html><head><meta name="generator" content="WordPress 6.4"></head><body>blog</body></html>');
      } else if (request.url?.startsWith('/to-internal')) {
        response.writeHead(302, { location: `${internal.url}/admin` }).end();
      } else if (request.url?.startsWith('/to-metadata')) {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<p>no</p>');
      }
    });
  });
  afterAll(async () => {
    if (skip) return;
    await Promise.all([internal.close(), trap.close(), foreign.close()]);
  });

  it.skipIf(skip)('refuses a custom site on this machine or cloud metadata in every spelling, with the class and the setting, and never connects', async () => {
    const port = internal.port;
    const spellings = [
      `http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://127.1:${port}/`, `http://2130706433:${port}/`,
      `http://0x7f.0.0.1:${port}/`, `http://0.0.0.0:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, 'http://169.254.169.254/latest/meta-data/',
    ];
    const added = [];
    for (const url of spellings) added.push(await add(ann.agent, url));
    const byId = await verifyAll(ann.agent);
    for (const site of added) {
      const row = byId.get(site.id)!;
      expect(row.status, site.url).toBe('FAILED');
      expect(row.reason, site.url).toMatch(POLICY_REASON);
      expect(row.reason).not.toContain(INTERNAL_SECRET);
    }
    expect(byId.get(added.at(-1)!.id)!.reason).toContain('link-local');
    expect(byId.get(added[0]!.id)!.reason).toContain('loopback');
    expect(internal.connections).toEqual([]);
  });

  it.skipIf(skip)("sends a site's login only to its own origin: a REST root it advertises elsewhere is never called", async () => {
    const site = await add(ann.agent, `${trap.url}/`, { login: 'admin', password: 'app pass word' });
    const row = (await verifyAll(ann.agent)).get(site.id)!;
    expect(row.status).toBe('FAILED');
    // The other host is open to the policy, yet it got nothing: the advertised root is not the site's origin.
    expect(foreign.connections).toEqual([]);
    expect(internal.connections).toEqual([]);
    // The trap site itself was asked (its own origin).
    expect(trap.requests.length).toBeGreaterThan(0);
    expect(row.reason).not.toContain(INTERNAL_SECRET);
  });

  it.skipIf(skip)("checks no backlink on a page the site's answer points inside, nor through a redirect there", async () => {
    const db = ctx.server.database.db;
    const urls = [`${internal.url}/admin`, `http://localhost:${internal.port}/admin`, `${trap.url}/to-internal`, `${trap.url}/to-metadata`];
    for (const remoteUrl of urls) {
      const post = await buildPublishedPost(db, { ownerId: ann.id, remoteUrl, links: [{ url: 'https://money.example.test/', anchor: 'money' }] });
      await verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId: post.postId, retry: 99 }, signal: new AbortController().signal });
      const list = UrlItemListResponseSchema.parse((await ann.agent.request('GET', `/rest/url_items/${post.outputLinkSetId}`)).json());
      const item = list.urls.find((url) => url.id === post.urlItemId)!;
      expect(item.checkStatus, remoteUrl).toBe('ERROR');
      expect(item.checkInfo, remoteUrl).toMatch(/Refused to connect to .+OUTBOUND_ALLOW/);
      const checks = await ann.agent.request('GET', `/rest/url_item/${post.urlItemId}/checks`);
      expect(checks.statusCode).toBe(200);
      expect(checks.body).not.toContain(INTERNAL_SECRET);
    }
    expect(internal.connections).toEqual([]);
  });
});

describe.each(DATABASES)('OUTBOUND_ALLOW opens exactly what it names, on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true, env: { OUTBOUND_ALLOW: '127.0.0.1/32' } });
  const { ann } = useTwoUsers(ctx, skip);
  let opened: RecordingListener;
  let other: RecordingListener;
  beforeAll(async () => {
    if (skip) return;
    opened = await startRecordingListener('127.0.0.1', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>page</body></html>'));
    other = await startRecordingListener('127.0.0.3');
  });
  afterAll(async () => {
    if (skip) return;
    await Promise.all([opened.close(), other.close()]);
  });

  it.skipIf(skip)('reaches the named range and nothing next to it', async () => {
    const reached = await add(ann.agent, `${opened.url}/`);
    const refused = await add(ann.agent, `${other.url}/`);
    const byId = await verifyAll(ann.agent);
    expect(byId.get(reached.id)!.reason).toMatch(/^A web page, but none of the platforms LinkLoom publishes to was found/);
    expect(opened.requests.length).toBeGreaterThan(0);
    expect(byId.get(refused.id)!.reason).toMatch(POLICY_REASON);
    expect(other.connections).toEqual([]);
  });
});
