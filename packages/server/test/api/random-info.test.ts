import { describe, expect, it } from 'vitest';
import { FIRST_NAMES, LAST_NAMES, RandomInfoSchema, spin, createRng } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { Agent, signedIn } from '../support/agent';
import { buildCampaign, buildUser } from '../support/factories';

/** Words of the niches the old fixed lists mixed in whatever the campaign was about. */
const UNRELATED = /kitchen|harbor|market|library|pantry|canvas|studio|reviews/i;

describe.each(DATABASES)('GET /random_info on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);

  it.skipIf(skip)('answers a made-up profile from the shipped word lists, different each time', async () => {
    const agent = await signedIn(ctx.server.app, await buildUser(ctx.server.database.db));
    const answers = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await agent.request('GET', '/random_info');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      answers.push(RandomInfoSchema.parse(response.json()));
    }
    for (const info of answers) {
      expect(FIRST_NAMES).toContain(info.firstName);
      expect(LAST_NAMES).toContain(info.lastName);
      expect(info.username).toMatch(new RegExp(`^${info.firstName}${info.lastName}\\d{2,4}$`, 'i'));
      expect(info.password).toMatch(/^[a-zA-Z2-9]{14}$/);
      // Without keywords the blog is the author's own; a few choices as spintax, one per account.
      expect(spin(info.blogTitle, createRng(1))).toMatch(new RegExp(info.firstName));
      expect(spin(info.blogName, createRng(1))).toMatch(/^[a-z0-9]{3,40}$/);
    }
    expect(new Set(answers.map((a) => a.password)).size).toBe(20);
  });

  it.skipIf(skip)('builds the blog on the keywords given, or on the keywords of the user\'s campaign (issue 34 item 6)', async () => {
    const db = ctx.server.database.db;
    const user = await buildUser(db);
    const agent = await signedIn(ctx.server.app, user);
    for (let i = 0; i < 10; i += 1) {
      const info = RandomInfoSchema.parse((await agent.request('GET', `/random_info?keywords=${encodeURIComponent('best organic gardening, raised bed gardening')}`)).json());
      const titles = info.blogTitle.replace(/^\{|\}$/g, '').split('|');
      for (const title of titles) {
        expect(title).toMatch(/Organic Gardening|Raised Bed Gardening/);
        expect(title).not.toMatch(UNRELATED);
      }
    }
    const now = Date.now();
    const campaign = await buildCampaign(db, { ownerId: user.id, name: 'Sourdough' });
    await db.insertInto('url_lists').values({ owner_id: user.id, campaign_id: campaign.id, name: 'Money', use_keyword: 1, primary_keyword: 'sourdough starter', created_at: now }).execute();
    const info = RandomInfoSchema.parse((await agent.request('GET', `/random_info?campaignId=${campaign.id}`)).json());
    expect(info.blogTitle).toMatch(/Sourdough Starter/);
    // Another user's campaign gives nothing of theirs away.
    const other = await signedIn(ctx.server.app, await buildUser(db));
    expect(RandomInfoSchema.parse((await other.request('GET', `/random_info?campaignId=${campaign.id}`)).json()).blogTitle).not.toMatch(/Sourdough/);
    expect((await agent.request('GET', '/random_info?campaignId=x')).statusCode).toBe(422);
  });

  it.skipIf(skip)('needs a session', async () => {
    expect((await new Agent(ctx.server.app).request('GET', '/random_info')).statusCode).toBe(401);
  });
});
