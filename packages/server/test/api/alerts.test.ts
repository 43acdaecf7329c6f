/**
 * Alerts (issue 36 item 4) on both databases. A private project publishes to the local WordPress
 * stand-in; the post is deleted there and checked twice through post.verify with the test's clock:
 * the lost link raises an alert (GET /rest/alerts and live on `alerts`) naming the link, the site,
 * what was seen and what to do; the webhook stand-in (a local HTTP server) receives it as JSON and
 * the SMTP stand-in (test/support/smtp-stand-in.ts) the email to the user's own address; the post
 * restored, a "back" alert follows. The digest gathers a day per campaign, once; a webhook to a
 * refused address is recorded, not sent; a passing failure is tried again; another user's alerts
 * stay invisible and untouchable; bad bodies answer 422.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, AlertPageSchema, AlertSettingsSchema, DAY_MS, ID_MESSAGES, type Alert, type LiveEnvelope } from '@linkloom/shared';
import { alertDigestJob, buildDigests } from '../../src/engine/alerts/alert-digest.job';
import { deliverAlertWebhook } from '../../src/engine/alerts/alert-webhook.job';
import { insertAlert } from '../../src/engine/alerts/alerts.repository';
import { utcDay } from '../../src/engine/alerts/digest';
import { JOB } from '../../src/engine/jobs/job-names';
import { pgBossSchemaFor } from '../../src/engine/queue/create-queue';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { signedIn, type Agent } from '../support/agent';
import { DATABASES } from '../support/databases';
import { buildPublishedPost } from '../support/engine-check-factories';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { buildCampaign, buildUser } from '../support/factories';
import { useTestServer } from '../support/lifecycle';
import { usePageBlog } from '../support/page-blog';
import { readRequestBody } from '../support/request-body';
import { useTwoUsers } from '../support/scenario';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../support/smtp-stand-in';
import { untilWithin } from '../support/until';
import { startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

const until = untilWithin(30_000, 100);
const signal = () => new AbortController().signal;
const MONEY = 'https://money.example.test/landing';
const LIVE = `<p><a href="${MONEY}">landing page</a></p>`;
const FROM = 'alerts@linkloom.test';

/** A webhook receiver: records each request; answers `status`. */
interface WebhookStandIn {
  url: string;
  status: number;
  requests: { path: string; contentType: string | undefined; body: string }[];
  close(): Promise<void>;
}

async function startWebhookStandIn(): Promise<WebhookStandIn> {
  const standIn = { status: 200, requests: [] as WebhookStandIn['requests'] };
  const server = http.createServer((request, response) => {
    void readRequestBody(request).then((body) => {
      standIn.requests.push({ path: request.url ?? '', contentType: request.headers['content-type'], body });
      response.writeHead(standIn.status, { 'content-type': 'text/plain' }).end('RECEIVER SAYS <script>alert(1)</script>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

describe.each(DATABASES)('alerts on $kind', ({ kind, skip }) => {
  const env: Record<string, string> = {};
  let smtp: SmtpStandIn;
  let hook: WebhookStandIn;
  let wordpress: WordPressStandIn;
  beforeAll(async () => {
    if (skip) return;
    smtp = await startSmtpStandIn();
    hook = await startWebhookStandIn();
    wordpress = await startWordPressStandIn();
    Object.assign(env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: `LinkLoom Alerts <${FROM}>`, SMTP_TLS: 'none' });
  });
  afterAll(async () => {
    if (skip) return;
    await Promise.all([smtp.close(), hook.close(), wordpress.close()]);
  });
  const ctx = useTestServer(kind, skip, { startEngine: true, withLive: true, env });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const blog = usePageBlog(skip);
  const db = () => ctx.server.database.db;

  /** A final check of the post at `at` (its retries over, so a 404 is stored at once). */
  const check = (ownerId: number, postId: number, at: number) =>
    verifyPost(ctx.server.context, { payload: { ownerId, postId, retry: 100 }, signal: signal() }, () => at);
  const alertsOf = async (agent: Agent, query = '') => {
    const response = await agent.request('GET', `/rest/alerts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return AlertPageSchema.parse(response.json());
  };
  const saveSettings = async (agent: Agent, settings: { webhookUrl: string; emailEnabled: boolean; digestEnabled: boolean }) => {
    const response = await agent.request('POST', '/rest/alert_settings', { body: settings });
    expect(response.statusCode, response.body).toBe(200);
  };
  const alertNamed = (agent: Agent, what: string, test: (alert: Alert) => boolean) =>
    until(what, async () => (await alertsOf(agent)).alerts.find(test));
  const mailTo = (address: string, subject: string) => until(`the email "${subject}" to ${address}`, async () => {
    for (const mail of smtp.messages.filter((candidate) => candidate.to.includes(address))) {
      const parsed = await simpleParser(mail.data);
      if (parsed.subject === subject) return { mail, parsed };
    }
    return undefined;
  });

  /** The digest jobs waiting in the queue's store (the database driver's table, or pg-boss's). */
  async function waitingDigestJobs(): Promise<{ day: string; startAfter: number }[]> {
    const { database } = ctx.server;
    if (database.dialect === 'sqlite') {
      const rows = await database.db.selectFrom('jobs').select(['payload', 'start_after']).where('name', '=', JOB.alertDigest).where('state', '=', 'created').orderBy('id').execute();
      return rows.map((row) => ({ day: (JSON.parse(row.payload) as { day: string }).day, startAfter: Number(row.start_after) }));
    }
    const { rows } = await sql<{ data: { day: string }; start_after: Date }>`select data, start_after from ${sql.raw(`"${pgBossSchemaFor(database)}".job`)}
      where name = ${JOB.alertDigest} and state = 'created' order by created_on`.execute(database.db);
    return rows.map((row) => ({ day: row.data.day, startAfter: new Date(row.start_after).getTime() }));
  }

  /** A published post on the page blog of the user, checked alive, then deleted and checked dead twice. */
  async function deadLink(ownerId: number, campaignId?: number) {
    const url = `${blog.url}/post-${randomBytes(4).toString('hex')}/`;
    const post = await buildPublishedPost(db(), { ownerId, remoteUrl: url, links: [{ url: MONEY, anchor: 'landing page' }], ...(campaignId ? { campaignId } : {}) });
    blog.pages.set(new URL(url).pathname, LIVE);
    const t0 = Date.now();
    await check(ownerId, post.postId, t0);
    blog.pages.delete(new URL(url).pathname);
    await check(ownerId, post.postId, t0 + 60_000);
    await check(ownerId, post.postId, t0 + 120_000);
    return { ...post, url };
  }

  it.skipIf(skip)('a post deleted on the blog: two checks raise a lost alert in the bell, live, to the webhook and by email; restored, a back alert', async () => {
    await saveSettings(ann.agent, { webhookUrl: `${hook.url}/hook?token=s3cret`, emailEnabled: true, digestEnabled: true });
    const stored = await db().selectFrom('alert_settings').select('webhook_url').where('owner_id', '=', ann.id).executeTakeFirstOrThrow();
    expect(stored.webhook_url.startsWith('enc:v1:')).toBe(true);
    expect(stored.webhook_url).not.toContain('s3cret');
    const settings = AlertSettingsSchema.parse((await ann.agent.request('GET', '/rest/alert_settings')).json());
    expect(settings).toMatchObject({ webhookUrl: `${hook.url}/hook?token=s3cret`, emailEnabled: true, digestEnabled: true, emailAddress: ann.username, emailProblem: null });
    const inbox = await liveInbox(ann.agent, 'alerts');

    // A private project publishes to the WordPress stand-in and its post is verified.
    const world = await buildPrivateProjectWorld(db(), ann.id, [{ url: wordpress.url, username: 'admin', password: 'app password' }]);
    const saved = await ann.agent.request('POST', '/rest/privateproject', {
      body: { project: { id: world.projectId, ...world.form }, sites: world.sites.map((site) => ({ id: { siteId: site.id, email: site.email }, checked: true })), sessionUuid: `alerts-${world.projectId}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ann.agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    const post = await until('the post to be published and verified', async () => {
      const row = await db().selectFrom('engine_posts').select(['id', 'remote_url', 'remote_id', 'url_item_id']).where('project_id', '=', world.projectId).executeTakeFirst();
      if (!row?.url_item_id) return undefined;
      const link = await db().selectFrom('url_items').select('check_status').where('id', '=', row.url_item_id).executeTakeFirstOrThrow();
      return link.check_status === 'OK' ? row : undefined;
    });
    await until('the project to complete', async () => ((await db().selectFrom('projects').select('status').where('id', '=', world.projectId).executeTakeFirstOrThrow()).status === 'COMPLETED' ? true : undefined));
    const url = post.remote_url!;
    const site = new URL(wordpress.url).host;
    const campaign = (await db().selectFrom('campaigns').select('name').where('id', '=', world.campaignId).executeTakeFirstOrThrow()).name;
    const linkSet = (await db().selectFrom('url_lists').select('name').where('id', '=', world.outputLinkSetId).executeTakeFirstOrThrow()).name;

    // Deleted on the blog: one dead check is no verdict, the second raises the alert.
    wordpress.deletePost(Number(post.remote_id));
    const t0 = Date.now();
    const before = (await alertsOf(ann.agent)).alerts.length;
    await check(ann.id, post.id, t0 + DAY_MS);
    expect((await alertsOf(ann.agent)).alerts).toHaveLength(before);
    await check(ann.id, post.id, t0 + 7 * DAY_MS);
    const page = await alertsOf(ann.agent);
    const lost = page.alerts[0]!;
    expect(lost).toMatchObject({
      kind: 'link_dead', campaignId: world.campaignId, linkSetId: world.outputLinkSetId, urlItemId: post.url_item_id, url, site, readAt: null,
      title: `Link lost on ${site}`,
      body: ALERT_MESSAGES.deadBody({ url, site, linkSet, campaign }, 'GONE', 404, t0 + 7 * DAY_MS),
    });
    expect(lost.body).toContain('The post is gone: two checks in a row got HTTP 404');
    expect(lost.body).toContain('What to do: publish it again');
    expect(page.unread).toBeGreaterThanOrEqual(1);

    // Live: the bell hears it with the unread count.
    const raised = await until('the live alert', async () => inbox.messages.find((m) => m.name === 'alertRaised' && (m.payload as { alert: Alert }).alert.id === lost.id));
    expect(raised.payload).toMatchObject({ alert: { id: lost.id, title: lost.title, body: lost.body }, unread: page.unread });

    // The webhook gets the alert as JSON; the receiver's answer is summarised, never echoed.
    const received = await until('the webhook request', async () => hook.requests.find((request) => (JSON.parse(request.body) as { alert: Alert }).alert.id === lost.id));
    expect(received.path).toBe('/hook?token=s3cret');
    expect(received.contentType).toBe('application/json');
    expect(JSON.parse(received.body)).toEqual({ event: 'linkloom.alert', test: false, alert: { ...lost, webhook: { state: 'pending', info: 'Waiting to be sent' }, email: expect.any(Object), campaign } });

    // The email goes to the account's own address only, readable.
    const { mail, parsed } = await mailTo(ann.username, `LinkLoom: Link lost on ${site}`);
    expect(mail).toMatchObject<Partial<ReceivedMail>>({ from: FROM, to: [ann.username] });
    expect(parsed.text).toContain(lost.body);
    expect(parsed.text).toContain(`Link: ${url}`);
    expect(parsed.text).toContain(`Campaign: ${campaign}`);

    const delivered = await alertNamed(ann.agent, 'both deliveries recorded', (alert) => alert.id === lost.id && alert.webhook?.state === 'sent' && alert.email?.state === 'sent');
    expect(delivered.webhook).toEqual({ state: 'sent', info: 'Delivered (HTTP 200)' });
    expect(delivered.email).toEqual({ state: 'sent', info: `Sent to ${ann.username}` });
    expect(JSON.stringify(await alertsOf(ann.agent))).not.toContain('RECEIVER SAYS');
    expect(AlertSettingsSchema.parse((await ann.agent.request('GET', '/rest/alert_settings')).json()).lastWebhook).toMatchObject({ ok: true, info: 'Delivered (HTTP 200)' });

    // Restored on the blog: the next check finds it, and a back alert follows.
    wordpress.posts.find((candidate) => candidate.id === Number(post.remote_id))!.deleted = false;
    await check(ann.id, post.id, t0 + 8 * DAY_MS);
    const back = (await alertsOf(ann.agent)).alerts[0]!;
    expect(back).toMatchObject({ kind: 'link_back', url, site, title: `Link back on ${site}`, urlItemId: post.url_item_id });
    expect(back.body).toContain('A check found the link on the post again (HTTP 200)');
    await until('the live back alert', async () => inbox.messages.some((m) => m.name === 'alertRaised' && (m.payload as { alert: Alert }).alert.id === back.id));

    // Marked read one by one, then all: the badge and every open bell follow.
    const unread = (await alertsOf(ann.agent)).unread;
    const read = await ann.agent.request('POST', '/action/alerts/read', { body: { ids: [lost.id] } });
    expect(read.json()).toEqual({ read: 1, unread: unread - 1 });
    expect((await ann.agent.request('GET', '/rest/alerts/unread')).json()).toMatchObject({ unread: unread - 1 });
    await until('the live read', async () => inbox.messages.some((m: LiveEnvelope) => m.name === 'alertsRead' && JSON.stringify(m.payload) === JSON.stringify({ ids: [lost.id], unread: unread - 1 })));
    expect((await ann.agent.request('POST', '/action/alerts/read', { body: { all: true } })).json()).toEqual({ read: unread - 1, unread: 0 });
    expect((await alertsOf(ann.agent)).alerts.every((alert) => alert.readAt !== null)).toBe(true);
  });

  it.skipIf(skip)('the daily digest gathers a day\'s alerts into one entry per campaign, once, and mails it when email is on', async () => {
    await saveSettings(bob.agent, { webhookUrl: '', emailEnabled: true, digestEnabled: true });
    const seeds = await buildCampaign(db(), { ownerId: bob.id, name: 'Seeds' });
    const tools = await buildCampaign(db(), { ownerId: bob.id, name: 'Tools' });
    const first = await deadLink(bob.id, seeds.id);
    const second = await deadLink(bob.id, seeds.id);
    const third = await deadLink(bob.id, tools.id);
    // Carol has no address and her digest off: her alert's email is skipped with the reason, and no digest is made for her.
    const carol = await buildUser(db(), { username: `carol-${randomBytes(3).toString('hex')}` });
    const carolAgent = await signedIn(ctx.server.app, carol);
    await saveSettings(carolAgent, { webhookUrl: '', emailEnabled: true, digestEnabled: false });
    expect(AlertSettingsSchema.parse((await carolAgent.request('GET', '/rest/alert_settings')).json())).toMatchObject({ emailAddress: null, emailProblem: ALERT_MESSAGES.noAddress });
    await deadLink(carol.id);
    expect((await alertsOf(carolAgent)).alerts[0]!.email).toEqual({ state: 'skipped', info: ALERT_MESSAGES.noAddress });

    const today = utcDay(Date.now());
    // Every user's day is gathered (Ann's alerts of the other tests too): Bob's makes two.
    expect(await buildDigests(ctx.server.context, today)).toBeGreaterThanOrEqual(2);
    const digests = (await alertsOf(bob.agent)).alerts.filter((alert) => alert.kind === 'digest');
    expect(digests.map((digest) => [digest.campaignId, digest.title]).sort()).toEqual([
      [seeds.id, `Daily digest of "Seeds" for ${today}`],
      [tools.id, `Daily digest of "Tools" for ${today}`],
    ].sort());
    const seedsDigest = digests.find((digest) => digest.campaignId === seeds.id)!;
    expect(seedsDigest.body.split('\n').slice(0, 3)).toEqual([
      `${today} (UTC): 2 links lost, 0 links back.`,
      `Lost: ${first.url} on ${new URL(blog.url).host}`,
      `Lost: ${second.url} on ${new URL(blog.url).host}`,
    ]);
    expect(digests.find((digest) => digest.campaignId === tools.id)!.body).toContain(`Lost: ${third.url}`);
    expect((await alertsOf(carolAgent)).alerts.some((alert) => alert.kind === 'digest')).toBe(false);

    // Once per day: again, or the next day's job (which gathers this day), adds nothing.
    expect(await buildDigests(ctx.server.context, today)).toBe(0);
    const tomorrow = utcDay(Date.now() + DAY_MS);
    await alertDigestJob(ctx.server.context).handler({ id: 'digest-test', name: 'alert.digest', payload: { day: tomorrow }, attempt: 1, signal: signal() });
    expect((await alertsOf(bob.agent)).alerts.filter((alert) => alert.kind === 'digest')).toHaveLength(2);
    // The chain: that job planned the day after's, five minutes past its midnight (UTC), once.
    const dayAfter = utcDay(Date.now() + 2 * DAY_MS);
    expect((await waitingDigestJobs()).filter((job) => job.day === dayAfter)).toEqual([{ day: dayAfter, startAfter: Date.parse(`${dayAfter}T00:05:00.000Z`) }]);

    // By email: one message with both campaigns' digests, to Bob's own address.
    const { parsed } = await mailTo(bob.username, 'LinkLoom: 2 alerts');
    expect(parsed.text).toContain(`Daily digest of "Seeds" for ${today}`);
    expect(parsed.text).toContain(`Lost: ${third.url}`);
  });

  it.skipIf(skip)('a webhook to a refused address is recorded and not sent; a passing failure is tried again; the test button says how it went', async () => {
    await saveSettings(ann.agent, { webhookUrl: 'http://169.254.169.254/latest/meta-data/', emailEnabled: false, digestEnabled: true });
    const requests = hook.requests.length;
    const refusedLink = await deadLink(ann.id);
    const refused = await alertNamed(ann.agent, 'the refused delivery', (alert) => alert.urlItemId === refusedLink.urlItemId && alert.webhook?.state === 'refused');
    expect(refused.webhook!.info).toContain('Not sent: Refused to connect to 169.254.169.254: it is a link-local address');
    expect(refused.email).toBeNull();
    expect(hook.requests).toHaveLength(requests);
    expect(AlertSettingsSchema.parse((await ann.agent.request('GET', '/rest/alert_settings')).json()).lastWebhook).toMatchObject({ ok: false });

    const test = (body: object) => ann.agent.request('POST', '/action/alerts/test_webhook', { body });
    const privateAddress = await test({ webhookUrl: 'http://10.0.0.1/hook' });
    expect(privateAddress.statusCode).toBe(200);
    expect(privateAddress.json()).toMatchObject({ ok: false });
    expect(privateAddress.json().message).toContain('Refused to connect to 10.0.0.1: it is a private-network address');
    expect((await test({ webhookUrl: `${hook.url}/try` })).json()).toEqual({ ok: true, message: 'Delivered (HTTP 200)' });
    expect(JSON.parse(hook.requests.at(-1)!.body)).toMatchObject({ event: 'linkloom.alert', test: true, alert: { title: ALERT_MESSAGES.sampleTitle } });
    expect((await test({ webhookUrl: '' })).json()).toEqual({ ok: false, message: ALERT_MESSAGES.noWebhook });
    expect((await test({ webhookUrl: 'file:///etc/passwd' })).statusCode).toBe(422);

    // 503: the delivery waits for its retry; the retry, once the receiver is back, delivers it.
    await saveSettings(ann.agent, { webhookUrl: `${hook.url}/flaky`, emailEnabled: false, digestEnabled: true });
    hook.status = 503;
    const flakyLink = await deadLink(ann.id);
    const waiting = await alertNamed(ann.agent, 'the retry planned', (alert) => alert.urlItemId === flakyLink.urlItemId && (alert.webhook?.info ?? '').includes('retry 1 of 3'));
    expect(waiting.webhook).toMatchObject({ state: 'pending' });
    expect(waiting.webhook!.info).toMatch(/^The webhook answered HTTP 503 — retry 1 of 3 at \d\d:\d\d UTC$/);
    hook.status = 200;
    await deliverAlertWebhook(ctx.server.context, { ownerId: ann.id, alertId: waiting.id, attempt: 2 });
    expect((await alertsOf(ann.agent)).alerts.find((alert) => alert.id === waiting.id)!.webhook).toEqual({ state: 'sent', info: 'Delivered (HTTP 200)' });
    // A duplicate of a finished delivery sends nothing again.
    const sent = hook.requests.length;
    await deliverAlertWebhook(ctx.server.context, { ownerId: ann.id, alertId: waiting.id, attempt: 2 });
    expect(hook.requests).toHaveLength(sent);
  });

  it.skipIf(skip)("another user's alerts stay invisible and unread; pages, ids and bodies are checked", async () => {
    const now = Date.now();
    const annAlert = await insertAlert(db(), {
      ownerId: ann.id, kind: 'link_dead', eventKey: `test:${randomBytes(4).toString('hex')}`, campaignId: null, linkSetId: null, urlItemId: null,
      title: 'Ann only', body: 'Ann only', url: null, site: null, createdAt: now, webhook: null, email: null,
    });
    const bobSees = await alertsOf(bob.agent);
    expect(bobSees.alerts.map((alert) => alert.id)).not.toContain(annAlert!.id);
    expect(JSON.stringify(bobSees)).not.toContain('Ann only');
    expect((await bob.agent.request('POST', '/action/alerts/read', { body: { ids: [annAlert!.id] } })).json()).toMatchObject({ read: 0 });
    expect((await alertsOf(ann.agent)).alerts.find((alert) => alert.id === annAlert!.id)!.readAt).toBeNull();

    const refusedBodies: [unknown, string | undefined][] = [
      [{ ids: [String(annAlert!.id)] }, ID_MESSAGES.notNumber],
      [{ ids: [1.5] }, ID_MESSAGES.notWhole],
      [{ ids: [] }, undefined],
      [{ all: false }, undefined],
      [{}, undefined],
      [{ ids: [1], all: true }, undefined],
      [[1, 2], undefined],
    ];
    for (const [body, message] of refusedBodies) {
      const response = await ann.agent.request('POST', '/action/alerts/read', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      if (message) expect(response.json().error.message, JSON.stringify(body)).toBe(message);
    }
    expect((await alertsOf(ann.agent)).alerts.find((alert) => alert.id === annAlert!.id)!.readAt).toBeNull();
    for (const body of [
      { webhookUrl: 'ftp://example.com/hook', emailEnabled: true, digestEnabled: true },
      { webhookUrl: 'javascript:alert(1)', emailEnabled: true, digestEnabled: true },
      { webhookUrl: '', emailEnabled: 'yes', digestEnabled: true },
      { webhookUrl: '', emailEnabled: true },
      { webhookUrl: '', emailEnabled: true, digestEnabled: true, cc: 'someone@example.com' },
    ]) {
      const response = await ann.agent.request('POST', '/rest/alert_settings', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await ann.agent.request('POST', '/rest/alert_settings', { body: { webhookUrl: 'ftp://example.com/hook', emailEnabled: true, digestEnabled: true } })).json().error.message)
      .toBe(ALERT_MESSAGES.webhookUrl);
    for (const query of ['?before=abc', '?before=0', '?before=01', '?before=-1']) expect((await ann.agent.request('GET', `/rest/alerts${query}`)).statusCode, query).toBe(422);

    // Pages of 30, newest first, older ones by `before`.
    const carol = await buildUser(db());
    const carolAgent = await signedIn(ctx.server.app, carol);
    for (let n = 1; n <= 35; n += 1) {
      await insertAlert(db(), {
        ownerId: carol.id, kind: 'link_back', eventKey: `page:${n}`, campaignId: null, linkSetId: null, urlItemId: null,
        title: `Alert ${n}`, body: '', url: null, site: null, createdAt: now + n, webhook: null, email: null,
      });
    }
    const first = await alertsOf(carolAgent);
    expect(first).toMatchObject({ unread: 35, more: true });
    expect(first.alerts.map((alert) => alert.title)).toEqual(Array.from({ length: 30 }, (_, i) => `Alert ${35 - i}`));
    const older = await alertsOf(carolAgent, `?before=${first.alerts.at(-1)!.id}`);
    expect(older).toMatchObject({ unread: 35, more: false });
    expect(older.alerts.map((alert) => alert.title)).toEqual(['Alert 5', 'Alert 4', 'Alert 3', 'Alert 2', 'Alert 1']);
    // The same event twice is one alert.
    expect(await insertAlert(db(), {
      ownerId: carol.id, kind: 'link_back', eventKey: 'page:1', campaignId: null, linkSetId: null, urlItemId: null,
      title: 'Again', body: '', url: null, site: null, createdAt: now, webhook: null, email: null,
    })).toBeUndefined();
  });
});
