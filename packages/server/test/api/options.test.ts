import { describe, expect, it } from 'vitest';
import {
  BLOCKED_SITE_MESSAGES, OPTION_DEFAULTS, OPTIONS_MESSAGES, OptionsResponseSchema, PROXY_MESSAGES,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';
import {
  findOwnerByIndexNowKey, isBlockedSite, readEngineOptions, setPrivileged, workingProxies,
} from '../../src/features/options/options.repository';
import { proxiesToCheck, setProxyStatus } from '../../src/features/options/proxies.repository';

describe.each(DATABASES)('options, proxies and blocked sites on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  async function options(agent: Agent) {
    const response = await agent.request('GET', '/rest/options');
    expect(response.statusCode).toBe(200);
    return OptionsResponseSchema.parse(response.json());
  }
  /** A call with a JSON body; a string body is sent as a JSON string (the dialog's text as one value). */
  function call(agent: Agent, method: 'POST' | 'DELETE', url: string, body: unknown) {
    return typeof body === 'string'
      ? agent.request(method, url, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
      : agent.request(method, url, { body });
  }
  async function refused(agent: Agent, method: 'POST' | 'DELETE', url: string, body: unknown) {
    const response = await call(agent, method, url, body);
    expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
    return response.json().error as { message: string; details?: string[] };
  }

  it.skipIf(skip)('answers the spec defaults to a user who saved nothing', async () => {
    expect(await options(bob.agent)).toEqual({
      options: OPTION_DEFAULTS, proxies: [], blockedSites: [], proxyMonitorState: 'NEW', privileged: false,
    });
    const engine = await readEngineOptions(db(), bob.id);
    expect(engine).toEqual({ ...OPTION_DEFAULTS, privileged: false, indexNowKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect((await readEngineOptions(db(), bob.id)).indexNowKey).toBe(engine.indexNowKey);
    expect(await findOwnerByIndexNowKey(db(), engine.indexNowKey)).toBe(bob.id);
    expect(await findOwnerByIndexNowKey(db(), 'f'.repeat(32))).toBeUndefined();
  });

  it.skipIf(skip)('saves any subset of the options; the rest keep their values; another user is untouched', async () => {
    const saved = await ann.agent.request('POST', '/rest/options', { body: { maxPostingThreads: 4, useProxyForPosting: true, indexer: { speedyIndex: ' k1 ' } } });
    expect(saved.statusCode).toBe(200);
    const expected = { ...OPTION_DEFAULTS, maxPostingThreads: 4, useProxyForPosting: true, indexer: { speedyIndex: 'k1' } };
    expect(saved.json()).toEqual({ options: expected });
    expect((await ann.agent.request('POST', '/rest/options', { body: { waitTimeOut: 30 } })).statusCode).toBe(200);
    expect((await options(ann.agent)).options).toEqual({ ...expected, waitTimeOut: 30 });
    expect(await readEngineOptions(db(), ann.id)).toMatchObject({ maxPostingThreads: 4, waitTimeOut: 30, useProxyForPosting: true });
    expect((await options(bob.agent)).options).toEqual(OPTION_DEFAULTS);
    // The whole object as the screen sends it back is accepted as it is.
    expect((await ann.agent.request('POST', '/rest/options', { body: (await options(ann.agent)).options })).statusCode).toBe(200);
  });

  it.skipIf(skip)('refuses every broken rule with the spec message, lists every problem, and saves nothing', async () => {
    const before = (await options(ann.agent)).options;
    const cases: [Record<string, unknown>, string][] = [
      [{ maxNumberOfRetries: 0 }, 'Must be between 1 and 5'],
      [{ maxNumberOfRetries: 6 }, 'Must be between 1 and 5'],
      [{ maxAccountsToRetry: -1 }, 'Must be greater or equal to 0'],
      [{ timeToWaitBeforeRetry: 61 }, 'Must be between 1 and 60'],
      [{ maxConcurrentProjects: 21 }, 'Must be between 1 and 20'],
      [{ maxPostingThreads: 101 }, 'Must be between 1 and 100'],
      [{ maxBrowserThreads: 0 }, 'Must be between 1 and 20'],
      [{ waitTimeOut: 29 }, 'Must be between greater or equal to 30'],
      [{ daysToDeleteMails: 21 }, 'Must be between 1 and 20'],
      [{ waitForVerifyEmailSchedule: 0 }, 'Must be between greater or equal to 1'],
      [{ maxNumberOfRetries: null }, 'Must be between 1 and 5'],
      [{ maxNumberOfRetries: 2.5 }, 'Must be between 1 and 5'],
      [{ maxNumberOfRetries: '3' }, 'Must be between 1 and 5'],
      [{ automaticSignIn: 'yes' }, 'Must be true or false'],
      [{ linkLoomIndexerAccountDelay: 2 }, 'Must be greater or equal to 3'],
      [{ linkLoomIndexerDailySubmissionPerAccount: 26 }, 'Must be smaller or equal to 25'],
      [{ indexer: { 'no spaces': 'k' } }, OPTIONS_MESSAGES.indexerKeyName],
      [{ colour: 'red' }, 'Unknown option: colour'],
    ];
    for (const [body, message] of cases) {
      // A valid change next to the broken one is not saved either.
      expect((await refused(ann.agent, 'POST', '/rest/options', { ...body, automaticBackup: !before.automaticBackup })).message).toBe(message);
    }
    const many = await refused(ann.agent, 'POST', '/rest/options', { maxNumberOfRetries: 9, waitTimeOut: 1, extra: 1 });
    // Each problem names its option.
    expect(many.details).toEqual(['maxNumberOfRetries: Must be between 1 and 5', 'waitTimeOut: Must be between greater or equal to 30', 'Unknown option: extra']);
    for (const body of [[1, 2], 'text']) expect((await refused(ann.agent, 'POST', '/rest/options', body)).message).toBe(OPTIONS_MESSAGES.notAnObject);
    expect((await options(ann.agent)).options).toEqual(before);
  });

  it.skipIf(skip)('gives a privileged account the higher limits; taking them back reads the default', async () => {
    await setPrivileged(db(), ann.id, true);
    expect((await options(ann.agent)).privileged).toBe(true);
    const body = { maxConcurrentProjects: 100, maxPostingThreads: 150, maxBrowserThreads: 40 };
    expect((await ann.agent.request('POST', '/rest/options', { body })).statusCode).toBe(200);
    expect((await refused(ann.agent, 'POST', '/rest/options', { maxPostingThreads: 151 })).message).toBe('Must be between 1 and 150');
    expect(await readEngineOptions(db(), ann.id)).toMatchObject({ ...body, privileged: true });
    // Bob is not privileged: the standard limits and messages.
    expect((await refused(bob.agent, 'POST', '/rest/options', { maxConcurrentProjects: 100 })).message).toBe('Must be between 1 and 20');

    await setPrivileged(db(), ann.id, false);
    const engine = await readEngineOptions(db(), ann.id);
    expect(engine).toMatchObject({
      privileged: false, maxConcurrentProjects: OPTION_DEFAULTS.maxConcurrentProjects,
      maxPostingThreads: OPTION_DEFAULTS.maxPostingThreads, maxBrowserThreads: OPTION_DEFAULTS.maxBrowserThreads,
    });
    expect((await options(ann.agent)).options.maxConcurrentProjects).toBe(OPTION_DEFAULTS.maxConcurrentProjects);
  });

  it.skipIf(skip)('adds, updates, lists and deletes proxies with live messages; credentials never leave the server', async () => {
    const inbox = await liveInbox(ann.agent, 'proxies');
    const added = await ann.agent.request('POST', '/rest/proxies', { body: ['10.0.0.1:8080', '10.0.0.2:3128:ann:pa:ss\n\nProxy.Example.com:80'] });
    expect(added.statusCode).toBe(200);
    const rows = [
      { id: { address: '10.0.0.1', port: 8080 }, proxyStatus: 'NEW' },
      { id: { address: '10.0.0.2', port: 3128 }, proxyStatus: 'NEW' },
      { id: { address: 'proxy.example.com', port: 80 }, proxyStatus: 'NEW' },
    ];
    expect(added.json()).toEqual({ proxies: rows, errorList: [] });
    await expect.poll(() => inbox.messages.length).toBe(1);
    expect(inbox.messages[0]).toEqual({ topic: 'proxies', name: 'proxyStatusChanged', payload: { proxies: rows } });
    const listed = await ann.agent.request('GET', '/rest/options');
    expect(listed.json().proxies).toEqual(rows);
    expect(listed.body).not.toContain('pa:ss');

    const pool = await proxiesToCheck(db(), ann.id);
    expect(await workingProxies(db(), ann.id)).toEqual([]); // none checked yet: the engine uses none
    expect(pool.map((p) => [p.host, p.port, p.username, p.password, p.status])).toEqual([
      ['10.0.0.1', 8080, '', '', 'NEW'], ['10.0.0.2', 3128, 'ann', 'pa:ss', 'NEW'], ['proxy.example.com', 80, '', '', 'NEW'],
    ]);
    // A checked proxy keeps its status when added again unchanged, and is NEW again with new login details.
    await setProxyStatus(db(), ann.id, pool[0]!.id, 'WORKING');
    await setProxyStatus(db(), ann.id, pool[1]!.id, 'WORKING');
    await setProxyStatus(db(), ann.id, pool[2]!.id, 'FAILED');
    const again = await call(ann.agent, 'POST', '/rest/proxies', '10.0.0.1:8080\n10.0.0.2:3128:ann:new');
    expect(again.json().proxies.map((p: { proxyStatus: string }) => p.proxyStatus)).toEqual(['WORKING', 'NEW']);
    expect((await proxiesToCheck(db(), ann.id)).map((p) => `${p.host}:${p.password}:${p.status}`)).toEqual(['10.0.0.1::WORKING', '10.0.0.2:new:NEW', 'proxy.example.com::FAILED']);
    expect((await workingProxies(db(), ann.id)).map((p) => `${p.host}:${p.password}`)).toEqual(['10.0.0.1:']);
    expect((await options(bob.agent)).proxies).toEqual([]);

    // Bob cannot delete Ann's proxies; Ann can.
    expect((await bob.agent.request('DELETE', '/rest/proxies', { body: [{ address: '10.0.0.1', port: 8080 }] })).json()).toEqual({ deleted: 0 });
    const deleted = await ann.agent.request('DELETE', '/rest/proxies', { body: [{ address: '10.0.0.1', port: 8080 }, { address: 'PROXY.example.com', port: 80 }, { address: '10.9.9.9', port: 1 }] });
    expect(deleted.json()).toEqual({ deleted: 2 });
    await expect.poll(() => inbox.messages.length).toBe(3);
    expect(inbox.messages[2]).toEqual({
      topic: 'proxies', name: 'proxiesDeleted', payload: { ids: [{ address: '10.0.0.1', port: 8080 }, { address: 'proxy.example.com', port: 80 }] },
    });
    expect((await options(ann.agent)).proxies.map((p) => p.id)).toEqual([{ address: '10.0.0.2', port: 3128 }]);
  });

  it.skipIf(skip)('adds the good lines of a proxy list and refuses each bad one by its number; a list without one good line or none at all is refused whole', async () => {
    const before = (await options(ann.agent)).proxies;
    const allBad = await refused(ann.agent, 'POST', '/rest/proxies', '10.1.1.2\n\n10.1.1.3:99999');
    expect([allBad.message, allBad.details]).toEqual([`Line 1: ${PROXY_MESSAGES.format}`, [`Line 1: ${PROXY_MESSAGES.format}`, `Line 3: ${PROXY_MESSAGES.port}`]]);
    for (const body of ['', ' \n ', [], ['']]) expect((await refused(ann.agent, 'POST', '/rest/proxies', body)).message).toBe('Please enter proxies');
    expect((await refused(ann.agent, 'POST', '/rest/proxies', { proxies: 'x' })).message).toBe('Please enter proxies');
    const tooMany = Array.from({ length: 10_001 }, (_, i) => `10.${Math.floor(i / 256) % 256}.${i % 256}.${1 + Math.floor(i / 65_536)}:80`).join('\n');
    expect((await refused(ann.agent, 'POST', '/rest/proxies', tooMany)).message).toBe(PROXY_MESSAGES.tooMany);
    expect((await refused(ann.agent, 'DELETE', '/rest/proxies', [])).message).toBe('Select at least one item');
    expect((await options(ann.agent)).proxies).toEqual(before);

    // Issue 39 item 4: one bad line no longer loses the good ones; each refused line is named by its number.
    const inbox = await liveInbox(ann.agent, 'proxies');
    const mixed = await call(ann.agent, 'POST', '/rest/proxies', '10.1.1.1:80\n10.1.1.2\n\n10.1.1.3:99999\n10.1.1.4:80:user\n10.1.1.5:81:bo:pw');
    expect(mixed.statusCode).toBe(200);
    const rows = [{ id: { address: '10.1.1.1', port: 80 }, proxyStatus: 'NEW' }, { id: { address: '10.1.1.5', port: 81 }, proxyStatus: 'NEW' }];
    expect(mixed.json()).toEqual({
      proxies: rows,
      errorList: [`Line 2: ${PROXY_MESSAGES.format}`, `Line 4: ${PROXY_MESSAGES.port}`, `Line 5: ${PROXY_MESSAGES.format}`],
    });
    await expect.poll(() => inbox.messages.length).toBe(1);
    expect(inbox.messages[0]).toEqual({ topic: 'proxies', name: 'proxyStatusChanged', payload: { proxies: rows } });
    expect((await options(ann.agent)).proxies).toEqual([...before, ...rows]);
    expect((await proxiesToCheck(db(), ann.id)).filter((p) => p.host === '10.1.1.5').map((p) => `${p.username}:${p.password}`)).toEqual(['bo:pw']);
    expect((await options(bob.agent)).proxies).toEqual([]);
  });

  it.skipIf(skip)('adds and deletes blocked sites by domain with live messages; the engine asks isBlockedSite', async () => {
    const inbox = await liveInbox(ann.agent, 'blocked_sites');
    const added = await ann.agent.request('POST', '/rest/blocked_sites', { body: ['https://www.Spam.example/page', 'b.test\nspam.example'] });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ blockedSites: [{ id: 'spam.example' }, { id: 'b.test' }], errorList: [] });
    await expect.poll(() => inbox.messages.length).toBe(1);
    expect(inbox.messages[0]).toEqual({ topic: 'blocked_sites', name: 'blockedSitesAdded', payload: { ids: ['spam.example', 'b.test'] } });
    // Adding a site already blocked adds nothing and says nothing.
    expect((await call(ann.agent, 'POST', '/rest/blocked_sites', 'spam.example')).json()).toEqual({ blockedSites: [], errorList: [] });
    expect((await options(ann.agent)).blockedSites).toEqual([{ id: 'b.test' }, { id: 'spam.example' }]);
    expect((await options(bob.agent)).blockedSites).toEqual([]);

    expect(await isBlockedSite(db(), ann.id, 'https://blog.spam.example/post')).toBe(true);
    expect(await isBlockedSite(db(), ann.id, 'http://www.spam.example')).toBe(true);
    expect(await isBlockedSite(db(), ann.id, 'https://notspam.example/')).toBe(false);
    expect(await isBlockedSite(db(), bob.id, 'https://spam.example/')).toBe(false);

    const bad = await refused(ann.agent, 'POST', '/rest/blocked_sites', '\nnot a site');
    expect([bad.message, bad.details]).toEqual([`Line 2: ${BLOCKED_SITE_MESSAGES.invalid}`, [`Line 2: ${BLOCKED_SITE_MESSAGES.invalid}`]]);
    for (const body of ['', [], {}]) expect((await refused(ann.agent, 'POST', '/rest/blocked_sites', body)).message).toBe('Please enter blocked sites');
    expect((await options(ann.agent)).blockedSites).toEqual([{ id: 'b.test' }, { id: 'spam.example' }]);
    // The good lines of a list with a bad one are added; the bad one is named by its number.
    const mixed = await call(ann.agent, 'POST', '/rest/blocked_sites', 'ok.example\nnot a site');
    expect(mixed.json()).toEqual({ blockedSites: [{ id: 'ok.example' }], errorList: [`Line 2: ${BLOCKED_SITE_MESSAGES.invalid}`] });
    await expect.poll(() => inbox.messages.length).toBe(2);
    expect(inbox.messages[1]).toEqual({ topic: 'blocked_sites', name: 'blockedSitesAdded', payload: { ids: ['ok.example'] } });
    expect((await ann.agent.request('DELETE', '/rest/blocked_sites', { body: ['ok.example'] })).json()).toEqual({ deleted: 1 });
    await expect.poll(() => inbox.messages.length).toBe(3);

    expect((await bob.agent.request('DELETE', '/rest/blocked_sites', { body: ['spam.example'] })).json()).toEqual({ deleted: 0 });
    expect((await ann.agent.request('DELETE', '/rest/blocked_sites', { body: ['SPAM.example', 'never.example'] })).json()).toEqual({ deleted: 1 });
    await expect.poll(() => inbox.messages.length).toBe(4);
    expect(inbox.messages[3]).toEqual({ topic: 'blocked_sites', name: 'blockedSitesDeleted', payload: { ids: ['spam.example'] } });
    expect((await refused(ann.agent, 'DELETE', '/rest/blocked_sites', [])).message).toBe('Select at least one item');
    expect((await options(ann.agent)).blockedSites).toEqual([{ id: 'b.test' }]);
    expect(await isBlockedSite(db(), ann.id, 'https://spam.example/')).toBe(false);
  });
});
