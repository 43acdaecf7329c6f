import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertCampaign } from '../packages/server/src/features/campaigns/campaigns.repository';
import { seedAsUser, withServerDatabase } from './support/server-database';
import { useSignedInSuite } from './support/suite';

/**
 * A page on another site navigates the signed-in user's window to a state-changing call spelled
 * so a string-prefix check would miss it. The browser sends the session cookie (a top-level GET
 * navigation carries SameSite=Lax cookies) but the page cannot add the X-XSRF-TOKEN header, so
 * the server must refuse it and nothing may change.
 */
const USER = { username: 'cross-site@example.com', password: 'cross site e2e password' };

let campaignId = 0;
let attacker: http.Server;
let attackerUrl = '';

/** The other site: `localhost` is another site than the app's `127.0.0.1`. */
function startAttacker(target: () => string): Promise<void> {
  attacker = http.createServer((request, response) => {
    const destination = `${target()}${decodeURIComponent(new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '/')}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Free SEO tips</title><script>location.href = ${JSON.stringify(destination)};</script>`);
  });
  return new Promise((resolve) => attacker.listen(0, '127.0.0.1', () => {
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}`;
    resolve();
  }));
}

async function campaignStatus(suite: ReturnType<typeof useSignedInSuite>): Promise<string> {
  return withServerDatabase(suite.server, async (db) =>
    (await db.selectFrom('campaigns').select('campaign_status').where('id', '=', campaignId).executeTakeFirstOrThrow()).campaign_status);
}

describe('a cross-site navigation cannot act for the signed-in user', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      campaignId = await seedAsUser(server, USER.username, (db, ownerId) => insertCampaign(db, { ownerId, name: 'Victim campaign' }));
    },
  });
  beforeAll(() => startAttacker(() => suite.server.baseUrl));
  afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

  test('an encoded /%61ction/pause/… and /api/logou%74 are refused and change nothing', async (ctx) => {
    const { page } = await suite.signedInPage(ctx, '/campaigns');
    for (const path of [`/%61ction/pause/campaign/${campaignId}`, `//action/pause/campaign/${campaignId}/`, '/api/logou%74']) {
      const landed = page.waitForResponse((response) => response.url().startsWith(suite.server.baseUrl) && response.request().isNavigationRequest());
      await page.goto(`${attackerUrl}/?to=${encodeURIComponent(path)}`);
      const response = await landed;
      expect(response.status(), path).toBe(403);
    }
    expect(await campaignStatus(suite)).toBe('ACTIVE');
    // Still signed in: the forged logout did nothing either.
    // Asked with the browser's own cookies from outside the page: the page is now the refused call's
    // JSON answer, whose CSP (default-src 'none') lets no script in it fetch anything.
    const session = await page.context().request.get(`${suite.server.baseUrl}/api/session`);
    expect(session.status()).toBe(200);
  });
});
