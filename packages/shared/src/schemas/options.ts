import { z } from 'zod';
import { DEFAULT_SPINNER_SERVICE, SpinnerServiceSchema } from './content-tools';
import { BlockedSiteRowSchema, PROXY_MONITOR_STATES, ProxyRowSchema } from './proxies';
import { RecheckScheduleSchema } from './link-health';
import { DEFAULT_RECHECK_SCHEDULE } from '../domain/link-health/recheck-plan';
import {
  CAPTCHA_OPTION_DEFAULTS, CAPTCHA_PROVIDERS, CAPTCHA_TAB_FIELDS, GOOGLE_CAPTCHA_TAB_FIELDS, articleSourcesSchema, captchaOptionFields,
  missingCaptchaCredentials, spinnersSchema, type CaptchaChoices,
} from './option-services';

/**
 * The user's options (spec 3: "Options form fields", section 5 and section 9): the limits and
 * switches that drive the engine, stored per user on the server. Messages are the spec's; where
 * the spec gives a range without an upper end, a cap keeps the engine's timers and pools sane and
 * says so in its own message.
 */
export const OPTIONS_MESSAGES = {
  maxNumberOfRetries: 'Must be between 1 and 5',
  maxAccountsToRetry: 'Must be greater or equal to 0',
  maxAccountsToRetryTooLarge: 'Must be at most 100',
  timeToWaitBeforeRetry: 'Must be between 1 and 60',
  maxConcurrentProjects: (max: number) => `Must be between 1 and ${max}`,
  maxPostingThreads: (max: number) => `Must be between 1 and ${max}`,
  maxBrowserThreads: (max: number) => `Must be between 1 and ${max}`,
  waitTimeOut: 'Must be between greater or equal to 30',
  waitTimeOutTooLarge: 'Must be at most 3600',
  daysToDeleteMails: 'Must be between 1 and 20',
  waitForVerifyEmailSchedule: 'Must be between greater or equal to 1',
  waitForVerifyEmailScheduleTooLarge: 'Must be between 1 and 100',
  indexerAccountDelay: 'Must be greater or equal to 3',
  indexerAccountDelayTooLarge: 'Must be at most 1440',
  indexerDailySubmissions: 'Must be smaller or equal to 25',
  indexerDailySubmissionsTooSmall: 'Must be greater or equal to 1',
  maxIndexerThreads: 'Must be between 1 and 100',
  additionalSitesTooLong: 'Extra domains are at most 100000 characters',
  proxyJudgeUrl: 'The judge URL must be an http or https address',
  indexerKeyName: 'Indexer names are letters, digits, - and _ (at most 64)',
  indexerKeyTooLong: 'Indexer API keys are at most 512 characters',
  indexerKeyNotText: 'Indexer API keys must be text',
  indexerNotObject: 'Send the indexer API keys as an object: service → API key',
  tooManyIndexers: 'At most 32 indexer API keys',
  flag: 'Must be true or false',
  youtubeApiKey: 'The YouTube API key is text of at most 512 characters',
  notAnObject: 'Send the options as a JSON object',
  unknownOption: (keys: readonly string[]) => `Unknown option${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`,
  /** Shown by the screen when a tab fails validation (spec 3 section 4). */
  fixBeforeSaving: 'Please fix the problems below before saving options',
} as const;

/** Upper limits of the three thread/project options; privileged accounts get the higher ones (spec 3 section 6). */
export const OPTION_LIMITS = {
  standard: { maxConcurrentProjects: 20, maxPostingThreads: 100, maxBrowserThreads: 20 },
  privileged: { maxConcurrentProjects: 100, maxPostingThreads: 150, maxBrowserThreads: 40 },
} as const;

/** Saving options waits this long before acting (spec 3 section 9). */
export const OPTIONS_SAVE_DELAY_MS = 500;

/** A required whole number in [min, max]; `below` is the message under min (and for a missing or non-integer value). */
function wholeNumber(min: number, max: number, below: string, above = below) {
  return z.number({ error: below }).int({ error: below }).min(min, { error: below }).max(max, { error: above });
}

const flag = () => z.boolean({ error: OPTIONS_MESSAGES.flag });

/** `indexer.{key}`: one API key per indexing service, by the service's key. */
export const IndexerKeysSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: OPTIONS_MESSAGES.indexerKeyName }),
    z.string({ error: OPTIONS_MESSAGES.indexerKeyNotText }).trim().max(512, { error: OPTIONS_MESSAGES.indexerKeyTooLong }),
    { error: (issue) => (issue.code === 'invalid_key' ? OPTIONS_MESSAGES.indexerKeyName : OPTIONS_MESSAGES.indexerNotObject) },
  )
  .refine((keys) => Object.keys(keys).length <= 32, { error: OPTIONS_MESSAGES.tooManyIndexers });

/** Every option with its rule, for the given upper limits (standard or privileged account). */
function optionFields(limits: (typeof OPTION_LIMITS)[keyof typeof OPTION_LIMITS]) {
  return {
    maxNumberOfRetries: wholeNumber(1, 5, OPTIONS_MESSAGES.maxNumberOfRetries),
    maxAccountsToRetry: wholeNumber(0, 100, OPTIONS_MESSAGES.maxAccountsToRetry, OPTIONS_MESSAGES.maxAccountsToRetryTooLarge),
    /** Seconds. */
    timeToWaitBeforeRetry: wholeNumber(1, 60, OPTIONS_MESSAGES.timeToWaitBeforeRetry),
    maxConcurrentProjects: wholeNumber(1, limits.maxConcurrentProjects, OPTIONS_MESSAGES.maxConcurrentProjects(limits.maxConcurrentProjects)),
    maxPostingThreads: wholeNumber(1, limits.maxPostingThreads, OPTIONS_MESSAGES.maxPostingThreads(limits.maxPostingThreads)),
    maxBrowserThreads: wholeNumber(1, limits.maxBrowserThreads, OPTIONS_MESSAGES.maxBrowserThreads(limits.maxBrowserThreads)),
    /** Seconds a site may take to answer. */
    waitTimeOut: wholeNumber(30, 3600, OPTIONS_MESSAGES.waitTimeOut, OPTIONS_MESSAGES.waitTimeOutTooLarge),
    daysToDeleteMails: wholeNumber(1, 20, OPTIONS_MESSAGES.daysToDeleteMails),
    /** Minutes. */
    waitForVerifyEmailSchedule: wholeNumber(1, 100, OPTIONS_MESSAGES.waitForVerifyEmailSchedule, OPTIONS_MESSAGES.waitForVerifyEmailScheduleTooLarge),
    automaticSignIn: flag(),
    automaticBackup: flag(),
    useProxyForPosting: flag(),
    /** The Proxy tab's Use Proxy checkbox. */
    useProxy: flag(),
    indexer: IndexerKeysSchema,
    /** The LinkLoom Indexer tab (minutes between submissions of one account). */
    linkLoomIndexerAccountDelay: wholeNumber(3, 1440, OPTIONS_MESSAGES.indexerAccountDelay, OPTIONS_MESSAGES.indexerAccountDelayTooLarge),
    linkLoomIndexerDailySubmissionPerAccount: wholeNumber(1, 25, OPTIONS_MESSAGES.indexerDailySubmissionsTooSmall, OPTIONS_MESSAGES.indexerDailySubmissions),
    maxIndexerThreads: wholeNumber(1, 100, OPTIONS_MESSAGES.maxIndexerThreads),
    additionalSitesToIndexedByLinkLoomIndexer: z.string({ error: OPTIONS_MESSAGES.additionalSitesTooLong })
      .max(100_000, { error: OPTIONS_MESSAGES.additionalSitesTooLong }),
    /** The judge URL proxy checks fetch through each proxy ('' = the built-in default). */
    proxyJudgeUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: OPTIONS_MESSAGES.proxyJudgeUrl }).max(2000, { error: OPTIONS_MESSAGES.proxyJudgeUrl })], { error: OPTIONS_MESSAGES.proxyJudgeUrl }),
    /** The Captcha and Google Captcha tabs (option-services.ts). */
    ...captchaOptionFields(OPTIONS_MESSAGES.flag),
    /** The Content tab's article sources. */
    articleSources: articleSourcesSchema(OPTIONS_MESSAGES.flag),
    /** The Spinner tab's services. */
    spinners: spinnersSchema(OPTIONS_MESSAGES.flag),
    /** The Spinner tab's chosen service: what the article editor offers first and what the engine spins posts with. */
    spinnerService: SpinnerServiceSchema,
    /** The YouTube Data API key a project's video search uses (Content tab); '' = none. */
    youtubeApiKey: z.string({ error: OPTIONS_MESSAGES.youtubeApiKey }).trim().max(512, { error: OPTIONS_MESSAGES.youtubeApiKey }),
    /** When published links are re-checked (link health, issue 18): days after publishing, then every n days. */
    recheckSchedule: RecheckScheduleSchema,
  };
}

const unknownKeys = (issue: { code?: string; keys?: readonly string[] }) => {
  if (issue.code === 'unrecognized_keys') return OPTIONS_MESSAGES.unknownOption(issue.keys ?? []);
  if (issue.code === 'invalid_type') return OPTIONS_MESSAGES.notAnObject;
  return undefined;
};

function buildOptionsSchema(privileged: boolean) {
  return z.strictObject(optionFields(privileged ? OPTION_LIMITS.privileged : OPTION_LIMITS.standard), { error: unknownKeys });
}
type OptionsObjectSchema = ReturnType<typeof buildOptionsSchema>;

// Built once per kind of account: building the whole schema costs some 20 ms, and every read and
// save of the options (screen and engine) checks against it. zod schemas never change once built.
const OPTIONS_SCHEMAS = new Map<boolean, OptionsObjectSchema>();
const OPTIONS_UPDATE_SCHEMAS = new Map<boolean, ReturnType<OptionsObjectSchema['partial']>>();

/** The whole options object for a standard or a privileged account; unknown keys are refused. */
export function optionsSchemaFor(privileged: boolean): OptionsObjectSchema {
  let schema = OPTIONS_SCHEMAS.get(privileged);
  if (!schema) OPTIONS_SCHEMAS.set(privileged, (schema = buildOptionsSchema(privileged)));
  return schema;
}

/**
 * POST /rest/options: any subset of the options (a key left out keeps its saved value; a key sent
 * empty or out of range is refused with its message); keys that are not options are refused.
 */
export function optionsUpdateSchemaFor(privileged: boolean): ReturnType<OptionsObjectSchema['partial']> {
  let schema = OPTIONS_UPDATE_SCHEMAS.get(privileged);
  if (!schema) OPTIONS_UPDATE_SCHEMAS.set(privileged, (schema = optionsSchemaFor(privileged).partial()));
  return schema;
}

/**
 * Option keys of the original product that LinkLoom keeps under other names or not at all (issue
 * 38): a client written for the original sends them, so POST /rest/options accepts and ignores
 * them, and lists them in its answer (`ignored`) rather than refusing the save. Any other key that
 * is not an option is still refused (a misspelt option is heard, not lost). Spec 3 section 3 names
 * them: the captcha credential groups, primary and secondary (`primaryZeroCaptchaInfo`), the Google
 * no-captcha groups (`googleNoCaptchaZeroCaptchaInfo`, the spec's DBC among them), the article
 * sources and spinner services at the top of the object, and the original's own indexer settings.
 * LinkLoom's own groups (captchaPrimary, articleSources, spinners, linkLoomIndexer…) hold these.
 */
const ORIGINAL_CAPTCHA_PROVIDERS = [...CAPTCHA_PROVIDERS, 'DBC'].join('|');
const ORIGINAL_CAPTCHA_GROUP = new RegExp(`^(?:primary|secondary)(?:${ORIGINAL_CAPTCHA_PROVIDERS})Info$`);
const ORIGINAL_GOOGLE_CAPTCHA_GROUP = new RegExp(`^(?:googleNoCaptcha|secondaryGoogleNoCaptcha|googleNoCaptchaSecondary)(?:${ORIGINAL_CAPTCHA_PROVIDERS})Info$`);
const ORIGINAL_OPTION_KEYS: ReadonlySet<string> = new Set([
  'articleBuilder', 'kontentMachine', 'articleForge', 'ultraSpinnableArticle',
  'tbs', 'spinRewriter', 'wordAi', 'eSpinner', 'spinea', 'spinnerBR', 'spinnerComBr',
  'rankerXIndexerAccountDelay', 'rankerXIndexerDailySubmissionPerAccount', 'additionalSitesToIndexedByRankerXIndexer',
]);

/** True for a key of the original product's options object that LinkLoom accepts and ignores. */
export function isOriginalOptionKey(key: string): boolean {
  return ORIGINAL_OPTION_KEYS.has(key) || ORIGINAL_CAPTCHA_GROUP.test(key) || ORIGINAL_GOOGLE_CAPTCHA_GROUP.test(key);
}

/**
 * A POST /rest/options body without the original's keys that are not LinkLoom options (those are
 * `ignored`, in the order sent); every other key, an unknown one included, stays to be judged.
 */
export function withoutOriginalOptionKeys(body: Readonly<Record<string, unknown>>): { body: Record<string, unknown>; ignored: string[] } {
  const shape = optionsSchemaFor(false).shape;
  const isIgnored = (key: string) => !Object.hasOwn(shape, key) && isOriginalOptionKey(key);
  const entries = Object.entries(body);
  // fromEntries defines each key as an own property (a `__proto__` key stays a key to refuse).
  return { body: Object.fromEntries(entries.filter(([key]) => !isIgnored(key))), ignored: entries.map(([key]) => key).filter(isIgnored) };
}

/** The options of a standard account (the web form of a privileged one uses `optionsSchemaFor(true)`). */
export const OptionsSchema = optionsSchemaFor(false);
export type Options = z.infer<typeof OptionsSchema>;
export type OptionsUpdate = Partial<Options>;

/** What a user has before saving anything: the spec's suggested values (section 9). */
export const OPTION_DEFAULTS: Readonly<Options> = Object.freeze({
  maxNumberOfRetries: 3,
  maxAccountsToRetry: 3,
  timeToWaitBeforeRetry: 20,
  maxConcurrentProjects: 5,
  maxPostingThreads: 10,
  maxBrowserThreads: 5,
  waitTimeOut: 120,
  daysToDeleteMails: 5,
  waitForVerifyEmailSchedule: 10,
  automaticSignIn: true,
  automaticBackup: false,
  useProxyForPosting: false,
  useProxy: false,
  indexer: {},
  linkLoomIndexerAccountDelay: 3,
  linkLoomIndexerDailySubmissionPerAccount: 25,
  maxIndexerThreads: 5,
  additionalSitesToIndexedByLinkLoomIndexer: '',
  proxyJudgeUrl: '',
  ...CAPTCHA_OPTION_DEFAULTS,
  articleSources: articleSourcesSchema(OPTIONS_MESSAGES.flag).parse({}),
  spinners: spinnersSchema(OPTIONS_MESSAGES.flag).parse({}),
  spinnerService: DEFAULT_SPINNER_SERVICE,
  youtubeApiKey: '',
  recheckSchedule: { afterPublishDays: [...DEFAULT_RECHECK_SCHEDULE.afterPublishDays], thenEveryDays: DEFAULT_RECHECK_SCHEDULE.thenEveryDays },
});

/**
 * The whole options object's cross-field rules: the credentials of each captcha provider a ticked
 * switch chooses (spec 3 section 5). Checked on the options as they would be saved (the update
 * over the saved values), by the server and by the form's tabs.
 */
export function optionsProblems(options: Partial<Options>): { path: string[]; message: string }[] {
  return missingCaptchaCredentials(options as Partial<CaptchaChoices>);
}

/** The schema of one tab's fields (General, Captcha, Google Captcha …): the form validates the tab with it. */
export function tabSchemaFor(privileged: boolean, fields: readonly (keyof Options)[]): z.ZodType<Partial<Options>> {
  const shape = optionsSchemaFor(privileged).shape;
  const picked = z.object(Object.fromEntries(fields.map((field) => [field, shape[field]])));
  return picked.superRefine((values, context) => {
    for (const problem of optionsProblems(values as Partial<Options>)) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
}

/** The General tab's fields. */
export const GENERAL_TAB_FIELDS = [
  'maxNumberOfRetries', 'maxAccountsToRetry', 'timeToWaitBeforeRetry', 'maxConcurrentProjects', 'maxPostingThreads',
  'maxBrowserThreads', 'waitTimeOut', 'daysToDeleteMails', 'waitForVerifyEmailSchedule', 'automaticSignIn',
  'automaticBackup', 'useProxyForPosting', 'recheckSchedule',
] as const satisfies readonly (keyof Options)[];
export { CAPTCHA_TAB_FIELDS, GOOGLE_CAPTCHA_TAB_FIELDS };

/**
 * The options as the engine reads them (`readEngineOptions`): every option filled (saved value or
 * default), plus the account's privileged flag and its IndexNow key (served at /indexnow/{key}.txt).
 */
export interface EngineOptions extends Options {
  privileged: boolean;
  indexNowKey: string;
}

/** GET /rest/options: the options (saved values over the defaults), proxies, blocked sites and the proxy monitor. */
export const OptionsResponseSchema = z.object({
  options: optionsSchemaFor(true),
  proxies: z.array(ProxyRowSchema),
  blockedSites: z.array(BlockedSiteRowSchema),
  proxyMonitorState: z.enum(PROXY_MONITOR_STATES),
  /** Privileged accounts get the higher limits: the form validates with `optionsSchemaFor(privileged)`. */
  privileged: z.boolean(),
});
export type OptionsResponse = z.infer<typeof OptionsResponseSchema>;

/**
 * POST /rest/options answers the options as saved, and (only when there were some) the keys of the
 * original product it accepted and ignored (`withoutOriginalOptionKeys`).
 */
export const SaveOptionsResponseSchema = z.object({ options: optionsSchemaFor(true), ignored: z.array(z.string()).optional() });

export * from './option-services';
