import { describe, expect, it } from 'vitest';
import {
  OPTION_DEFAULTS, OPTIONS_MESSAGES, OptionsSchema, optionsSchemaFor, optionsUpdateSchemaFor, isOriginalOptionKey, withoutOriginalOptionKeys,
  AddProxiesBodySchema, DeleteProxiesBodySchema, DeleteBlockedSitesBodySchema, toProxyStatus,
} from '../src/index';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('options schema', () => {
  it('defaults are the spec suggested values and pass the rules', () => {
    expect(OPTION_DEFAULTS).toMatchObject({
      maxNumberOfRetries: 3, maxAccountsToRetry: 3, timeToWaitBeforeRetry: 20, maxConcurrentProjects: 5, maxPostingThreads: 10,
      maxBrowserThreads: 5, waitTimeOut: 120, daysToDeleteMails: 5, waitForVerifyEmailSchedule: 10,
      automaticSignIn: true, automaticBackup: false, useProxyForPosting: false, indexer: {},
    });
    expect(OptionsSchema.parse(OPTION_DEFAULTS)).toEqual(OPTION_DEFAULTS);
  });

  // [field, refused values, accepted edge values, message of the lowest refused value]
  const cases: [string, unknown[], number[], string][] = [
    ['maxNumberOfRetries', [0, 6, 2.5, null, '3'], [1, 5], 'Must be between 1 and 5'],
    ['maxAccountsToRetry', [-1, 0.5, null], [0, 100], 'Must be greater or equal to 0'],
    ['timeToWaitBeforeRetry', [0, 61], [1, 60], 'Must be between 1 and 60'],
    ['maxConcurrentProjects', [0, 21], [1, 20], 'Must be between 1 and 20'],
    ['maxPostingThreads', [0, 101], [1, 100], 'Must be between 1 and 100'],
    ['maxBrowserThreads', [0, 21], [1, 20], 'Must be between 1 and 20'],
    ['waitTimeOut', [29, 3601], [30, 3600], 'Must be between greater or equal to 30'],
    ['daysToDeleteMails', [0, 21], [1, 20], 'Must be between 1 and 20'],
    ['waitForVerifyEmailSchedule', [0, 101], [1, 100], 'Must be between greater or equal to 1'],
    ['linkLoomIndexerAccountDelay', [2], [3, 1440], 'Must be greater or equal to 3'],
    ['linkLoomIndexerDailySubmissionPerAccount', [26], [1, 25], 'Must be smaller or equal to 25'],
  ];
  it.each(cases)('%s: refuses out-of-range values with the spec message', (field, refused, accepted, message) => {
    const schema = optionsUpdateSchemaFor(false);
    expect(messages(schema.safeParse({ [field]: refused[0] }))).toEqual([message]);
    for (const value of refused) expect(schema.safeParse({ [field]: value }).success, String(value)).toBe(false);
    for (const value of accepted) expect(schema.safeParse({ [field]: value }).success, String(value)).toBe(true);
  });

  it('gives privileged accounts the higher limits with their own messages', () => {
    const privileged = optionsUpdateSchemaFor(true);
    expect(privileged.safeParse({ maxConcurrentProjects: 100, maxPostingThreads: 150, maxBrowserThreads: 40 }).success).toBe(true);
    expect(messages(privileged.safeParse({ maxConcurrentProjects: 101, maxPostingThreads: 151, maxBrowserThreads: 41 })))
      .toEqual(['Must be between 1 and 100', 'Must be between 1 and 150', 'Must be between 1 and 40']);
    expect(messages(optionsSchemaFor(false).partial().safeParse({ maxPostingThreads: 150 }))).toEqual(['Must be between 1 and 100']);
  });

  it('refuses unknown keys and non-objects, and flags that are not booleans', () => {
    const schema = optionsUpdateSchemaFor(false);
    expect(messages(schema.safeParse({ colour: 'red' }))).toEqual(['Unknown option: colour']);
    expect(messages(schema.safeParse({ a: 1, b: 2 }))).toEqual(['Unknown options: a, b']);
    for (const body of [[], 'x', null, 5]) expect(messages(schema.safeParse(body))).toEqual([OPTIONS_MESSAGES.notAnObject]);
    expect(messages(schema.safeParse({ automaticSignIn: 'yes' }))).toEqual(['Must be true or false']);
  });

  it('checks the indexer keys map', () => {
    const schema = optionsUpdateSchemaFor(false);
    expect(schema.parse({ indexer: { speedyIndex: ' key ' } })).toEqual({ indexer: { speedyIndex: 'key' } });
    expect(messages(schema.safeParse({ indexer: { 'bad name': 'k' } }))).toEqual([OPTIONS_MESSAGES.indexerKeyName]);
    expect(messages(schema.safeParse({ indexer: { ok: 5 } }))).toEqual([OPTIONS_MESSAGES.indexerKeyNotText]);
    expect(messages(schema.safeParse({ indexer: { ok: 'k'.repeat(513) } }))).toEqual([OPTIONS_MESSAGES.indexerKeyTooLong]);
    expect(messages(schema.safeParse({ indexer: [] }))).toEqual([OPTIONS_MESSAGES.indexerNotObject]);
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`s${i}`, 'k']));
    expect(messages(schema.safeParse({ indexer: many }))).toEqual([OPTIONS_MESSAGES.tooManyIndexers]);
  });
});

describe('proxy and blocked-site bodies', () => {
  it('asks for proxies when the body is not text', () => {
    expect(messages(AddProxiesBodySchema.safeParse({}))).toEqual(['Please enter proxies']);
    expect(messages(AddProxiesBodySchema.safeParse([1]))).toEqual(['Please enter proxies']);
    expect(AddProxiesBodySchema.safeParse(['1.2.3.4:80']).success).toBe(true);
    expect(AddProxiesBodySchema.safeParse('1.2.3.4:80').success).toBe(true);
  });
  it('needs at least one item to delete', () => {
    expect(messages(DeleteProxiesBodySchema.safeParse([]))).toEqual(['Select at least one item']);
    expect(DeleteProxiesBodySchema.parse([{ address: ' Proxy.Example ', port: 8080 }])).toEqual([{ address: 'proxy.example', port: 8080 }]);
    expect(messages(DeleteProxiesBodySchema.safeParse([{ address: '1.2.3.4', port: 0 }]))).toEqual(['The port must be a number between 1 and 65535']);
    expect(messages(DeleteBlockedSitesBodySchema.safeParse([]))).toEqual(['Select at least one item']);
  });
  it('reads stored proxy statuses', () => {
    expect(['NEW', 'WORKING', 'FAILED', 'odd'].map(toProxyStatus)).toEqual(['NEW', 'WORKING', 'FAILED', 'NEW']);
  });
});

describe("the original product's option keys (issue 38)", () => {
  it('knows its captcha groups, service groups and indexer settings, never LinkLoom options or look-alikes', () => {
    for (const key of ['primaryZeroCaptchaInfo', 'secondaryDecaptcherInfo', 'googleNoCaptchaZeroCaptchaInfo', 'googleNoCaptchaDBCInfo', 'secondaryGoogleNoCaptchaRemoteOCRInfo', 'articleForge', 'spinnerComBr', 'rankerXIndexerAccountDelay']) {
      expect(isOriginalOptionKey(key), key).toBe(true);
    }
    for (const key of ['colour', 'primaryZeroCaptcha', 'primaryUnknownInfo', 'PrimaryZeroCaptchaInfo', 'maxNumberOfRetires', '__proto__']) expect(isOriginalOptionKey(key), key).toBe(false);
  });

  it('takes them out of a body, in the order sent, and leaves every other key to be judged', () => {
    const body = JSON.parse('{"maxPostingThreads":7,"primaryZeroCaptchaInfo":{},"colour":"red","tbs":{},"__proto__":{"x":1}}') as Record<string, unknown>;
    const { body: kept, ignored } = withoutOriginalOptionKeys(body);
    expect(ignored).toEqual(['primaryZeroCaptchaInfo', 'tbs']);
    expect(Object.keys(kept)).toEqual(['maxPostingThreads', 'colour', '__proto__']);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(optionsUpdateSchemaFor(false).safeParse(kept).success).toBe(false);
  });
});
