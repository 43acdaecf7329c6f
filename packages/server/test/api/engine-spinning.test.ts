/**
 * The engine spins posts with the spinner the options choose (issue 16): the built-in one with the
 * shipped synonyms, a third-party one through its client (here the documented stand-in), and a
 * failing third-party one falls back to the built-in spinner with a warning line on the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentProjectFormSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { freePort } from '../support/server-process';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { untilWithin } from '../support/until';
import { saveOptions } from '../../src/features/options/options.repository';
import { COMPOSE_MESSAGES, composePost } from '../../src/engine/runner/compose-post';
import { CONTENT_SERVICES_OVERRIDE_ENV } from '../../src/engine/content-services/content-http';
import { GOOD, startContentServicesStandIn, type ContentServicesStandIn } from '../support/content-services-stand-in';
import { OPTION_DEFAULTS } from '@linkloom/shared';

const until = untilWithin(25_000);
const BODY = 'A quick walk in the happy garden shows how simple growing food can be. Gardeners start early in the season and keep a careful record of the weather.';

describe.each(DATABASES)('posts spun by the chosen spinner on $kind', ({ kind, skip }) => {
  let standIn: ContentServicesStandIn;
  beforeAll(async () => {
    standIn = await startContentServicesStandIn();
    process.env[CONTENT_SERVICES_OVERRIDE_ENV] = standIn.url;
  });
  afterAll(async () => {
    delete process.env[CONTENT_SERVICES_OVERRIDE_ENV];
    await standIn.close();
  });
  const ctx = useTestServer(kind, skip, { withLive: false, startEngine: true });
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const post = { idempotency_key: 'i0-p1-r1-s1-n1', article_id: null };
  const rewriter = (key: string) => ({ ...OPTION_DEFAULTS.spinners, spinRewriter: { ...OPTION_DEFAULTS.spinners.spinRewriter, email: GOOD.user, apiKey: key } });

  it.skipIf(skip)('built-in: synonyms from the shipped list, protected words and link keywords kept; the same post for one key', async () => {
    const w = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }], { article: { title: 'A quick guide', body: BODY } });
    const form = ContentProjectFormSchema.parse(w.form);
    const spinning = { service: 'BuiltIn' as const, settings: OPTION_DEFAULTS.spinners, timeoutMs: 5000 };
    const plain = await composePost(db(), ann.id, form, null, post);
    const spun = await composePost(db(), ann.id, form, null, post, spinning);
    expect(plain.ok && spun.ok).toBe(true);
    if (!plain.ok || !spun.ok) return;
    expect(spun.post.built.html).not.toBe(plain.post.built.html);
    expect(spun.post.warnings).toEqual([]);
    expect((await composePost(db(), ann.id, form, null, post, spinning))).toEqual(spun);
    // The default choice (a third-party spinner) without credentials is the built-in spinner, quietly.
    const unset = await composePost(db(), ann.id, form, null, post, { ...spinning, service: 'TheBestSpinner' });
    expect(unset).toEqual(spun);
  });

  it.skipIf(skip)('a third-party spinner spins through its client; a failing one falls back to the built-in one with a warning', async () => {
    const w = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }], { article: { title: 'A quick guide', body: BODY } });
    const form = ContentProjectFormSchema.parse(w.form);
    const good = await composePost(db(), ann.id, form, null, post, { service: 'SpinRewriter', settings: rewriter(GOOD.key), timeoutMs: 5000 });
    expect(good.ok && good.post.built.html).toContain('A fast walk in the glad yard');
    const sent = standIn.requests.filter((r) => r.path === '/www.spinrewriter.com/action/api' && r.fields.action === 'unique_variation');
    // The link keywords of the input link set go with the protected words.
    expect(sent.at(-1)?.fields.protected_terms).toContain('organic seeds');

    const bad = await composePost(db(), ann.id, form, null, post, { service: 'SpinRewriter', settings: rewriter('wrong'), timeoutMs: 5000 });
    expect(bad.ok).toBe(true);
    if (!bad.ok) return;
    expect(bad.post.warnings?.[0]).toMatch(/^Spin Rewriter could not spin the posts \(Spin Rewriter refused the email or API key .*\): the built-in spinner spun them instead$/);
    expect(bad.post.built.html).not.toContain('glad yard');
  });

  it.skipIf(skip)('a project that does not ask for spinning posts its articles as written (their own spintax expanded), calling no spinner', async () => {
    const w = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }], { article: { title: 'A {quick|short} guide', body: BODY } });
    const asked = ContentProjectFormSchema.parse(w.form);
    expect(asked.spinArticles).toBe(true);
    const form = { ...asked, spinArticles: false };
    const plain = await composePost(db(), ann.id, form, null, post);
    const builtIn = await composePost(db(), ann.id, form, null, post, { service: 'BuiltIn', settings: OPTION_DEFAULTS.spinners, timeoutMs: 5000 });
    expect(builtIn).toEqual(plain);
    expect(builtIn.ok && builtIn.post.built.title).toMatch(/^A (quick|short) guide$/);
    expect(builtIn.ok && builtIn.post.built.html).toContain('A quick walk in the happy garden');
    const calls = standIn.requests.length;
    const thirdParty = await composePost(db(), ann.id, form, null, post, { service: 'SpinRewriter', settings: rewriter(GOOD.key), timeoutMs: 5000 });
    expect(thirdParty).toEqual(plain);
    expect(standIn.requests.slice(calls).filter((r) => r.path.includes('spinrewriter'))).toEqual([]);
    // Asked (the default), the same article is spun.
    const spun = await composePost(db(), ann.id, asked, null, post, { service: 'BuiltIn', settings: OPTION_DEFAULTS.spinners, timeoutMs: 5000 });
    expect(spun.ok && spun.post.built.html).not.toBe(builtIn.ok && builtIn.post.built.html);
  });

  it.skipIf(skip)("a run keeps the spinner's warning line in lastError next to the sites' errors", async () => {
    const deadBlog = { url: `http://127.0.0.1:${await freePort()}`, username: 'admin', password: 'pw' };
    const w = await buildPrivateProjectWorld(db(), ann.id, [deadBlog], { article: { title: 'A quick guide', body: BODY } });
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1, spinnerService: 'SpinRewriter', spinners: rewriter('wrong') });
    expect((await ann.agent.request('GET', `/action/start/project/${w.projectId}`)).statusCode).toBe(200);
    const end = await until('the run to end', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', w.projectId).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
    });
    expect(end.status).toBe('FAILED');
    expect(end.lastError).toEqual([expect.stringContaining(`Could not reach ${deadBlog.url}`), expect.stringMatching(/^Spin Rewriter could not spin the posts/)]);
    expect(COMPOSE_MESSAGES.spinnerFellBack('X', 'y')).toBe('X could not spin the posts (y): the built-in spinner spun them instead');
  });

  it.skipIf(skip)('a run of a project saved with spinArticles off calls no spinner, so no warning line', async () => {
    const deadBlog = { url: `http://127.0.0.1:${await freePort()}`, username: 'admin', password: 'pw' };
    const w = await buildPrivateProjectWorld(db(), ann.id, [deadBlog], { article: { title: 'A quick guide', body: BODY } });
    await db().updateTable('projects').set({ settings: JSON.stringify({ ...w.form, spinArticles: false }) }).where('id', '=', w.projectId).execute();
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1, spinnerService: 'SpinRewriter', spinners: rewriter('wrong') });
    const calls = standIn.requests.length;
    expect((await ann.agent.request('GET', `/action/start/project/${w.projectId}`)).statusCode).toBe(200);
    const end = await until('the run to end', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', w.projectId).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
    });
    expect(end.status).toBe('FAILED');
    expect(end.lastError).toEqual([expect.stringContaining(`Could not reach ${deadBlog.url}`)]);
    expect(standIn.requests.slice(calls).filter((r) => r.path.includes('spinrewriter'))).toEqual([]);
  });
});
