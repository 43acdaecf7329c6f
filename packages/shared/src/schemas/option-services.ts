import { z } from 'zod';

/**
 * The third-party services of the options (spec 3 section 3): captcha solvers (image and Google
 * no-captcha, a Primary and a Backup column each), article sources and spinner services. Each
 * service holds its credentials in its own group; a group the user never filled is empty texts.
 * Credentials are required only for the provider a ticked switch chooses (spec 3 section 5).
 */
export const CAPTCHA_MESSAGES = {
  captchaKey: 'Captcha Key is Required',
  username: 'Username is Required',
  password: 'Password is Required',
  address: 'Server Address is Required',
  key: 'Key is Required',
  provider: 'Please choose a captcha service',
  tooLong: 'At most 512 characters',
  notText: 'Must be text',
  notAGroup: 'Send the credentials as an object',
  unknownSetting: (keys: readonly string[]) => `Unknown setting${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`,
  /** The campaign page's checks (spec 3 section 8), shown 10 s. */
  badKey: 'Captcha balance is low or captcha key is incorrect',
  low: 'Captcha balance is low',
  googleBadKey: 'Google Captcha balance is low or captcha key is incorrect',
  googleLow: 'Google captcha balance is low',
  /** The tab's balance button. */
  unknownError: 'Failed to check balance. Unknown error',
  notSupported: (provider: string) => `${provider} publishes no balance API: its balance cannot be checked from LinkLoom`,
} as const;

/** The campaign page warns under this balance; -1 means a bad key (spec 3 section 9). */
export const CAPTCHA_LOW_BALANCE = 1;
export const CAPTCHA_BAD_KEY_BALANCE = -1;
/** Campaign page captcha messages stay this long. */
export const CAPTCHA_WARNING_MS = 10_000;

/** Every captcha provider with a credential group, and what the group holds. */
export const CAPTCHA_PROVIDER_FIELDS = {
  ZeroCaptcha: ['captchaKey'],
  TwoCaptcha: ['captchaKey'],
  AntiCaptcha: ['captchaKey'],
  BeatCaptcha: ['captchaKey'],
  BypassCaptcha: ['captchaKey'],
  DeathByCaptcha: ['username', 'password'],
  ImageTypers: ['username', 'password'],
  Decaptcher: ['username', 'password'],
  RemoteOCR: ['address', 'key'],
} as const satisfies Record<string, readonly CaptchaCredentialField[]>;
export type CaptchaCredentialField = 'captchaKey' | 'username' | 'password' | 'address' | 'key';
export type CaptchaProvider = keyof typeof CAPTCHA_PROVIDER_FIELDS;
export const CAPTCHA_PROVIDERS = Object.keys(CAPTCHA_PROVIDER_FIELDS) as CaptchaProvider[];

/** The image captcha selector, in the spec's order (ZeroCaptcha recommended). */
export const CAPTCHA_SELECTABLE = ['ZeroCaptcha', 'TwoCaptcha', 'DeathByCaptcha', 'ImageTypers', 'AntiCaptcha', 'RemoteOCR'] as const satisfies readonly CaptchaProvider[];
/**
 * The provider a deployment may hide from both selectors (spec 3 section 6: "hidden when a certain
 * page flag is set"): the server's HIDE_REMOTE_OCR writes the page flag into index.html.
 */
export const HIDEABLE_CAPTCHA = 'RemoteOCR' satisfies CaptchaProvider;
/**
 * A selector's providers under the page flag: RemoteOCR left out when hidden, unless it is the
 * column's saved choice (shown, so the select never holds a value it does not offer).
 */
export function selectableCaptchaProviders(providers: readonly CaptchaProvider[], hideRemoteOcr: boolean, saved?: string | null): CaptchaProvider[] {
  return providers.filter((provider) => !hideRemoteOcr || provider !== HIDEABLE_CAPTCHA || provider === saved);
}
/** The Google no-captcha selector and groups (the spec's DBC is DeathByCaptcha). */
export const GOOGLE_CAPTCHA_SELECTABLE = CAPTCHA_SELECTABLE;
/** Primary Google providers the campaign page warns about with its red banner (spec 3 section 8). */
export const GOOGLE_CAPTCHA_DISCOURAGED: readonly CaptchaProvider[] = ['DeathByCaptcha', 'ImageTypers', 'AntiCaptcha'];
/** The recommended provider of the Captcha tab's green banner. */
export const RECOMMENDED_CAPTCHA: CaptchaProvider = 'ZeroCaptcha';

const LABELS: Record<CaptchaCredentialField, string> = {
  captchaKey: 'Captcha Key', username: 'Username', password: 'Password', address: 'Server Address', key: 'Key',
};
/** The field labels of the credential groups. */
export const CAPTCHA_FIELD_LABELS: Readonly<Record<CaptchaCredentialField, string>> = LABELS;

/** A group's error: its unknown keys named, anything else not an object. */
const groupError = (issue: { code?: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' ? CAPTCHA_MESSAGES.unknownSetting(issue.keys ?? []) : CAPTCHA_MESSAGES.notAGroup;

const credential = () => z.string({ error: CAPTCHA_MESSAGES.notText }).trim().max(512, { error: CAPTCHA_MESSAGES.tooLong }).default('');

function groupSchema(fields: readonly CaptchaCredentialField[]) {
  return z.strictObject(Object.fromEntries(fields.map((field) => [field, credential()])), { error: groupError });
}

/** One column's credentials: provider → { field → value }. */
export type CaptchaCredentials = Partial<Record<CaptchaProvider, Partial<Record<CaptchaCredentialField, string>>>>;

/** Credential groups of a column: each provider's group, every field empty by default. */
function credentialSet(providers: readonly CaptchaProvider[]): z.ZodType<CaptchaCredentials> {
  const shape = Object.fromEntries(providers.map((provider) => {
    const fields = CAPTCHA_PROVIDER_FIELDS[provider];
    return [provider, groupSchema(fields).default(Object.fromEntries(fields.map((f) => [f, ''])))];
  }));
  return z.strictObject(shape, { error: groupError });
}

export const CaptchaCredentialsSchema = credentialSet(CAPTCHA_PROVIDERS);
export const GoogleCaptchaCredentialsSchema = credentialSet(GOOGLE_CAPTCHA_SELECTABLE);

const flag = (message: string) => z.boolean({ error: message });
const provider = (list: readonly CaptchaProvider[]) => z.enum(list as [CaptchaProvider, ...CaptchaProvider[]], { error: CAPTCHA_MESSAGES.provider });

/** The Captcha and Google Captcha tabs' options. */
export function captchaOptionFields(flagMessage: string) {
  return {
    autoSolveCaptcha: flag(flagMessage),
    primaryCaptchaService: provider(CAPTCHA_SELECTABLE),
    useSecondaryCaptchaService: flag(flagMessage),
    secondaryCaptchaService: provider(CAPTCHA_SELECTABLE),
    captchaPrimary: CaptchaCredentialsSchema,
    captchaSecondary: CaptchaCredentialsSchema,
    useGoogleNoCaptcha: flag(flagMessage),
    googleNoCaptchaService: provider(GOOGLE_CAPTCHA_SELECTABLE),
    useSecondaryGoogleNoCaptcha: flag(flagMessage),
    secondaryGoogleNoCaptchaService: provider(GOOGLE_CAPTCHA_SELECTABLE),
    googleCaptchaPrimary: GoogleCaptchaCredentialsSchema,
    googleCaptchaSecondary: GoogleCaptchaCredentialsSchema,
  };
}

/** The fields of the Captcha tab, and of the Google Captcha tab (what each tab's Save checks). */
export const CAPTCHA_TAB_FIELDS = ['autoSolveCaptcha', 'primaryCaptchaService', 'useSecondaryCaptchaService', 'secondaryCaptchaService', 'captchaPrimary', 'captchaSecondary'] as const;
export const GOOGLE_CAPTCHA_TAB_FIELDS = ['useGoogleNoCaptcha', 'googleNoCaptchaService', 'useSecondaryGoogleNoCaptcha', 'secondaryGoogleNoCaptchaService', 'googleCaptchaPrimary', 'googleCaptchaSecondary'] as const;

/** The captcha part of the options, as the rules below read it. */
export interface CaptchaChoices {
  autoSolveCaptcha: boolean;
  primaryCaptchaService: CaptchaProvider;
  useSecondaryCaptchaService: boolean;
  secondaryCaptchaService: CaptchaProvider;
  captchaPrimary: CaptchaCredentials;
  captchaSecondary: CaptchaCredentials;
  useGoogleNoCaptcha: boolean;
  googleNoCaptchaService: CaptchaProvider;
  useSecondaryGoogleNoCaptcha: boolean;
  secondaryGoogleNoCaptchaService: CaptchaProvider;
  googleCaptchaPrimary: CaptchaCredentials;
  googleCaptchaSecondary: CaptchaCredentials;
}

/** A missing credential: where it is and the spec's message. */
export interface CredentialProblem {
  path: [string, string, string];
  message: string;
}

/**
 * The credentials a ticked switch needs and that are empty (spec 3 section 5: required only when
 * the section is enabled): the chosen provider of each enabled column, primary and backup.
 */
export function missingCaptchaCredentials(options: Partial<CaptchaChoices>): CredentialProblem[] {
  const problems: CredentialProblem[] = [];
  const need = (on: boolean | undefined, chosen: CaptchaProvider | undefined, column: keyof CaptchaChoices, groups: CaptchaCredentials | undefined) => {
    if (!on || chosen === undefined) return;
    for (const field of CAPTCHA_PROVIDER_FIELDS[chosen]) {
      if ((groups?.[chosen]?.[field] ?? '').trim() === '') problems.push({ path: [column, chosen, field], message: CAPTCHA_MESSAGES[field] });
    }
  };
  need(options.autoSolveCaptcha, options.primaryCaptchaService, 'captchaPrimary', options.captchaPrimary);
  need(options.autoSolveCaptcha && options.useSecondaryCaptchaService, options.secondaryCaptchaService, 'captchaSecondary', options.captchaSecondary);
  need(options.useGoogleNoCaptcha, options.googleNoCaptchaService, 'googleCaptchaPrimary', options.googleCaptchaPrimary);
  need(options.useGoogleNoCaptcha && options.useSecondaryGoogleNoCaptcha, options.secondaryGoogleNoCaptchaService, 'googleCaptchaSecondary', options.googleCaptchaSecondary);
  return problems;
}

/** Empty credential groups of a column (the defaults). */
function emptyGroups(providers: readonly CaptchaProvider[]): CaptchaCredentials {
  return Object.fromEntries(providers.map((p) => [p, Object.fromEntries(CAPTCHA_PROVIDER_FIELDS[p].map((f) => [f, '']))]));
}

export const CAPTCHA_OPTION_DEFAULTS = {
  autoSolveCaptcha: false,
  primaryCaptchaService: 'ZeroCaptcha',
  useSecondaryCaptchaService: false,
  secondaryCaptchaService: 'TwoCaptcha',
  captchaPrimary: emptyGroups(CAPTCHA_PROVIDERS),
  captchaSecondary: emptyGroups(CAPTCHA_PROVIDERS),
  useGoogleNoCaptcha: false,
  googleNoCaptchaService: 'ZeroCaptcha',
  useSecondaryGoogleNoCaptcha: false,
  secondaryGoogleNoCaptchaService: 'TwoCaptcha',
  googleCaptchaPrimary: emptyGroups(GOOGLE_CAPTCHA_SELECTABLE),
  googleCaptchaSecondary: emptyGroups(GOOGLE_CAPTCHA_SELECTABLE),
} as const;

/** POST /action/check_balance/captcha/: a provider and its credentials as a JSON text (captchaKey, or username and password, or address and key). */
export const CaptchaBalanceBodySchema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS as [CaptchaProvider, ...CaptchaProvider[]], { error: CAPTCHA_MESSAGES.provider }),
  loginInfo: z.string({ error: CAPTCHA_MESSAGES.notText }).max(4000, { error: CAPTCHA_MESSAGES.tooLong }),
});
export type CaptchaBalanceBody = z.infer<typeof CaptchaBalanceBodySchema>;

/** The balance (in the provider's currency; -1 a refused key), or the error with its message. */
export const CaptchaBalanceResponseSchema = z.object({
  balance: z.number().optional(),
  error: z.object({ message: z.string() }).optional(),
});
export type CaptchaBalanceResponse = z.infer<typeof CaptchaBalanceResponseSchema>;

/** GET /action/check_balance/primary_captcha: the saved primary provider's balance when captcha solving is on. */
export const PrimaryCaptchaBalanceSchema = z.object({
  error: z.string().nullable(), useCaptcha: z.boolean(), balance: z.number().nullable(),
  /** The saved primary provider (the campaign page's banners name it). */
  provider: z.enum(CAPTCHA_PROVIDERS as [CaptchaProvider, ...CaptchaProvider[]]),
});
/** GET /action/check_balance/primary_google_captcha. */
export const PrimaryGoogleCaptchaBalanceSchema = z.object({
  error: z.string().nullable(), useGoogleCaptcha: z.boolean(), balance: z.number().nullable(),
  provider: z.enum(CAPTCHA_PROVIDERS as [CaptchaProvider, ...CaptchaProvider[]]),
});

/** What the campaign page shows for one check (spec 3 section 8): an error, a warning, or nothing. */
export function captchaWarning(check: { error: string | null; use: boolean; balance: number | null }, google: boolean): { level: 'error' | 'warning'; text: string } | null {
  if (!check.use) return null;
  if (check.error !== null || check.balance === CAPTCHA_BAD_KEY_BALANCE) return { level: 'error', text: google ? CAPTCHA_MESSAGES.googleBadKey : CAPTCHA_MESSAGES.badKey };
  if (check.balance !== null && check.balance < CAPTCHA_LOW_BALANCE) return { level: 'warning', text: google ? CAPTCHA_MESSAGES.googleLow : CAPTCHA_MESSAGES.low };
  return null;
}
export type PrimaryCaptchaBalance = z.infer<typeof PrimaryCaptchaBalanceSchema>;
export type PrimaryGoogleCaptchaBalance = z.infer<typeof PrimaryGoogleCaptchaBalanceSchema>;

/** POST /action/check_balance/indexer (the Indexer tab's Validate): a service and the key typed for it. */
export const IndexerKeyCheckBodySchema = z.object({
  indexerSource: z.string().min(1).max(64),
  apiKey: z.string().max(512),
});
/** The outcome of Validate: valid (with the balance where the service tells it), invalid, not checkable, or an error. */
export const IndexerKeyCheckSchema = z.object({
  status: z.enum(['valid', 'invalid', 'unsupported', 'error']),
  balance: z.number().optional(),
  message: z.string(),
});
export type IndexerKeyCheck = z.infer<typeof IndexerKeyCheckSchema>;

/* ---------------- Article sources and spinners (the Content and Spinner tabs) ---------------- */

const text = () => z.string({ error: CAPTCHA_MESSAGES.notText }).trim().max(512, { error: CAPTCHA_MESSAGES.tooLong }).default('');
const bool = (message: string) => z.boolean({ error: message }).default(false);
const choice = (min: number, max: number, fallback: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).default(fallback);

export const ARTICLE_SOURCE_MESSAGES = {
  articleCount: 'Must be a number larger or equal to 1',
  choice: 'Please choose one of the options',
} as const;

/** Article sources (spec 3 section 3): articleBuilder, kontentMachine, articleForge, ultraSpinnableArticle. */
export function articleSourcesSchema(flagMessage: string) {
  return z.strictObject({
    articleBuilder: z.strictObject({
      username: text(), password: text(),
      articleCount: z.number({ error: ARTICLE_SOURCE_MESSAGES.articleCount }).int({ error: ARTICLE_SOURCE_MESSAGES.articleCount })
        .min(1, { error: ARTICLE_SOURCE_MESSAGES.articleCount }).max(1000, { error: ARTICLE_SOURCE_MESSAGES.articleCount }).default(1),
    }).default({ username: '', password: '', articleCount: 1 }),
    kontentMachine: z.strictObject({ apiKey: text() }).default({ apiKey: '' }),
    articleForge: z.strictObject({ apiKey: text() }).default({ apiKey: '' }),
    ultraSpinnableArticle: z.strictObject({
      username: text(), password: text(), apiKey: text(),
      premium: bool(flagMessage), minis: bool(flagMessage), nichePacks: bool(flagMessage), spendCredits: bool(flagMessage),
    }).default({ username: '', password: '', apiKey: '', premium: false, minis: false, nichePacks: false, spendCredits: false }),
  }, { error: groupError });
}

/** Spinner services' settings (spec 3 section 3). */
export function spinnersSchema(flagMessage: string) {
  const c = ARTICLE_SOURCE_MESSAGES.choice;
  return z.strictObject({
    tbs: z.strictObject({ username: text(), password: text(), quality: choice(1, 3, 1, c), maxSyns: choice(1, 8, 3, c) })
      .default({ username: '', password: '', quality: 1, maxSyns: 3 }),
    spinRewriter: z.strictObject({
      email: text(), apiKey: text(), confidenceLevel: choice(1, 3, 2, c),
      protectedTerms: bool(flagMessage), paragraphs: bool(flagMessage), sentences: bool(flagMessage),
      nestedSpintax: bool(flagMessage), newParagraphs: bool(flagMessage), sentenceTrees: bool(flagMessage),
    }).default({
      email: '', apiKey: '', confidenceLevel: 2, protectedTerms: false, paragraphs: false, sentences: false,
      nestedSpintax: false, newParagraphs: false, sentenceTrees: false,
    }),
    wordAi: z.strictObject({
      email: text(), password: text(), quality: choice(1, 5, 2, c),
      nonested: bool(flagMessage), sentence: bool(flagMessage), paragraph: bool(flagMessage),
    }).default({ email: '', password: '', quality: 2, nonested: false, sentence: false, paragraph: false }),
    eSpinner: z.strictObject({ email: text(), apiKey: text() }).default({ email: '', apiKey: '' }),
    spinea: z.strictObject({ email: text(), apiKey: text() }).default({ email: '', apiKey: '' }),
    spinnerBR: z.strictObject({ username: text(), apiKey: text() }).default({ username: '', apiKey: '' }),
    spinnerComBr: z.strictObject({ apiKey: text() }).default({ apiKey: '' }),
  }, { error: groupError });
}
