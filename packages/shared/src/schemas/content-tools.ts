import { z } from 'zod';
import { ARTICLE_BODY_MAX_LENGTH, ARTICLE_TITLE_MAX_LENGTH } from './content';

/**
 * The content tools of spec 3 (sections 2, 5, 7 and 8): article sources (downloads and balance
 * checks), spinner services (spin an article, test a spinner) and Kontent Machine campaigns. The
 * services' credentials live in the options (option-services.ts); these are the calls' shapes.
 */
export const CONTENT_TOOLS_MESSAGES = {
  categoryRequired: 'You need to select a category',
  wordCount: 'Word count is required and in the range of 300 to 1000',
  keywordsRequired: 'You need to enter keywords',
  lengthRequired: 'You need to select article length',
  campaignRequired: 'Please select a campaign',
  inputInfoNotJson: 'inputInfo must be a JSON object written as text',
  textRequired: 'Enter a text to spin',
  textTooLong: `The text to spin is at most ${ARTICLE_BODY_MAX_LENGTH} characters`,
  spinnerService: 'Choose one of the spinner services',
  articleSource: 'Choose one of the article sources',
  keywordsTooLong: 'Keywords are at most 2000 characters',
  /** Toasts of spec 3 section 8 for an empty answer. */
  articleBuilderBalance: 'Failed to check Article Builder balance. Unknown error.',
  kontentMachineBalance: 'Failed to check Kontent Machine balance. Unknown error.',
  articleForgeBalance: 'Failed to check Article Forge API. Unknown error.',
  ultraSpinnableBalance: 'Failed to check Ultra Spinnable Article balance. Unknown error.',
  spinnerTest: 'Failed to test the spinner service. Unknown error',
  /** A filled-in form is needed before a balance check (spec 3 section 5). */
  credentialsMissing: (service: string) => `Fill in the ${service} credentials first`,
  notSupported: (service: string, what: string) => `${service} publishes no API for ${what}: LinkLoom cannot do it for you; use ${service}'s own site`,
  /**
   * GET /action/download/kmcampaigns: Kontent Machine's public API reference
   * (https://kontentmachine.com/api-reference/) documents one call, getcontent by campaign ID and
   * template, and none that lists campaigns or templates; so the user types both.
   */
  kmNoCampaignList: 'Kontent Machine publishes no API that lists campaigns: type the campaign ID that Kontent Machine shows with the campaign and, if Kontent Machine set up a content template for your account, its name',
  noCredentials: (service: string) => `${service} has no credentials in Options → Spinner: fill them in or choose the Built-in spinner`,
  noSourceCredentials: (service: string) => `${service} has no credentials in Options → Content: fill them in first`,
} as const;

/** Spinner services (spec 3 section 9), Built-in first; `[value, label]`. */
export const SPINNER_SERVICES = [
  ['BuiltIn', 'Built-in'],
  ['TheBestSpinner', 'The Best Spinner'],
  ['SpinRewriter', 'Spin Rewriter'],
  ['WordAI', 'WordAI'],
  ['ESpinner', 'ESpinner'],
  ['Spinea', 'Spinea'],
  ['SpinnerBR', 'SpinnerBR'],
  ['SpinnerComBr', 'Spinner.com.br'],
] as const;
export type SpinnerService = (typeof SPINNER_SERVICES)[number][0];
/** The Spinner tab selects this one when nothing is saved (spec 3 section 4: the first third-party spinner). */
export const DEFAULT_SPINNER_SERVICE: SpinnerService = 'TheBestSpinner';
const SPINNER_VALUES = SPINNER_SERVICES.map(([value]) => value) as [SpinnerService, ...SpinnerService[]];
export const SpinnerServiceSchema = z.enum(SPINNER_VALUES, { error: CONTENT_TOOLS_MESSAGES.spinnerService });

/** Article sources of downloads and balance checks (spec 3 sections 7 and 9); `[value, label]`. */
export const ARTICLE_SOURCES = [
  ['BuiltInArticleBuilder', 'Built-in article builder'],
  ['ArticleForge', 'Article Forge'],
  ['ArticleBuilder', 'Article Builder'],
  ['UltraSpinnableArticle', 'Ultra Spinnable Article'],
  ['KontentMachine', 'Kontent Machine'],
] as const;
export type ArticleSource = (typeof ARTICLE_SOURCES)[number][0];
export const articleSourceLabel = (source: ArticleSource) => ARTICLE_SOURCES.find(([value]) => value === source)![1];

/** Article Forge lengths (spec 3 section 9). */
export const ARTICLE_FORGE_LENGTHS = [
  ['very_short', 'Very short (about 50 words)'],
  ['short', 'Short (about 200 words)'],
  ['medium', 'Medium (about 500 words)'],
  ['long', 'Long (about 750 words)'],
] as const;
export type ArticleForgeLength = (typeof ARTICLE_FORGE_LENGTHS)[number][0];

export const ARTICLE_WORD_COUNT = { min: 300, max: 1000 } as const;

const keywords = z.string({ error: CONTENT_TOOLS_MESSAGES.keywordsRequired }).trim()
  .min(1, { error: CONTENT_TOOLS_MESSAGES.keywordsRequired }).max(2000, { error: CONTENT_TOOLS_MESSAGES.keywordsTooLong });

/** Built-in builder and Article Builder drawers: category, word count, spin (keywords optional for the built-in one). */
export const BuilderInputSchema = z.object({
  categoryId: z.number({ error: CONTENT_TOOLS_MESSAGES.categoryRequired }).int({ error: CONTENT_TOOLS_MESSAGES.categoryRequired }).positive({ error: CONTENT_TOOLS_MESSAGES.categoryRequired }),
  wordCount: z.number({ error: CONTENT_TOOLS_MESSAGES.wordCount }).int({ error: CONTENT_TOOLS_MESSAGES.wordCount })
    .min(ARTICLE_WORD_COUNT.min, { error: CONTENT_TOOLS_MESSAGES.wordCount }).max(ARTICLE_WORD_COUNT.max, { error: CONTENT_TOOLS_MESSAGES.wordCount }),
  spinArticle: z.boolean().default(false),
  keywords: z.string().trim().max(2000, { error: CONTENT_TOOLS_MESSAGES.keywordsTooLong }).default(''),
});
export type BuilderInput = z.infer<typeof BuilderInputSchema>;

/** Article Forge drawer: keyword, sub keywords, length. */
export const ArticleForgeInputSchema = z.object({
  keyword: keywords,
  subKeywords: z.string().trim().max(2000, { error: CONTENT_TOOLS_MESSAGES.keywordsTooLong }).default(''),
  length: z.enum(ARTICLE_FORGE_LENGTHS.map(([value]) => value) as [ArticleForgeLength, ...ArticleForgeLength[]], { error: CONTENT_TOOLS_MESSAGES.lengthRequired }),
});
export type ArticleForgeInput = z.infer<typeof ArticleForgeInputSchema>;

/** Ultra Spinnable Article drawer: the keywords text. */
export const UltraSpinnableInputSchema = z.object({ keywords });
export type UltraSpinnableInput = z.infer<typeof UltraSpinnableInputSchema>;

/** Kontent Machine download from a campaign. */
export const KontentMachineInputSchema = z.object({
  campaignId: z.number({ error: CONTENT_TOOLS_MESSAGES.campaignRequired }).int({ error: CONTENT_TOOLS_MESSAGES.campaignRequired }).positive({ error: CONTENT_TOOLS_MESSAGES.campaignRequired }),
  /** The content template Kontent Machine set up for the account ('' = its default). */
  template: z.string().trim().max(200).default(''),
});
export type KontentMachineInput = z.infer<typeof KontentMachineInputSchema>;

/** inputInfo: a JSON object as text (the spec's shape), parsed by the source's own schema. */
const inputInfo = z.string({ error: CONTENT_TOOLS_MESSAGES.inputInfoNotJson }).max(10_000, { error: CONTENT_TOOLS_MESSAGES.inputInfoNotJson });

/** POST /action/download/article/ */
export const DownloadArticleBodySchema = z.object({
  articleSource: z.enum(['BuiltInArticleBuilder', 'ArticleBuilder', 'UltraSpinnableArticle', 'ArticleForge'], { error: CONTENT_TOOLS_MESSAGES.articleSource }),
  inputInfo,
});
export type DownloadArticleBody = z.infer<typeof DownloadArticleBodySchema>;

export const DownloadedArticleSchema = z.object({ title: z.string(), body: z.string() });
export const DownloadArticleResponseSchema = z.object({ article: DownloadedArticleSchema });
export type DownloadArticleResponse = z.infer<typeof DownloadArticleResponseSchema>;

/** POST /action/download/kmarticles/{groupId}: the campaign's articles are added to the group. */
export const DownloadKmArticlesBodySchema = z.object({ articleSource: z.literal('KontentMachine', { error: CONTENT_TOOLS_MESSAGES.articleSource }), inputInfo });
export const DownloadKmArticlesResponseSchema = z.object({ imported: z.number().int() });

/** GET /action/download/kmcampaigns */
export const KmCampaignsResponseSchema = z.object({ campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** POST /action/check_balance/article */
export const CheckArticleBalanceBodySchema = z.object({
  articleSource: z.enum(['ArticleBuilder', 'KontentMachine', 'ArticleForge', 'UltraSpinnableArticle'], { error: CONTENT_TOOLS_MESSAGES.articleSource }),
  inputInfo,
});
export type CheckArticleBalanceBody = z.infer<typeof CheckArticleBalanceBodySchema>;
/** The service's balance as it states it (credits, words or requests left). */
export const BalanceResponseSchema = z.object({ balance: z.string() });
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>;

const spinText = z.string({ error: CONTENT_TOOLS_MESSAGES.textRequired }).min(1, { error: CONTENT_TOOLS_MESSAGES.textRequired })
  .max(ARTICLE_BODY_MAX_LENGTH, { error: CONTENT_TOOLS_MESSAGES.textTooLong });

/** POST /action/spin/test: the Spinner tab's test area, with the credentials as typed (saved or not). */
export const SpinTestBodySchema = z.object({
  spinnerService: SpinnerServiceSchema,
  username: z.string().max(512).default(''),
  password: z.string().max(512).default(''),
  body: spinText,
});
export type SpinTestBody = z.infer<typeof SpinTestBodySchema>;
export const SpinTestResponseSchema = z.object({ result: z.string() });

/** POST /action/check_balance/spinner: the Spinner tab's balance button, with the credentials as typed. */
export const SpinnerBalanceBodySchema = SpinTestBodySchema.omit({ body: true });
export type SpinnerBalanceBody = z.infer<typeof SpinnerBalanceBodySchema>;

/** POST /action/spin/article/{groupId}: one readable variation of title and body. */
export const SpinArticleBodySchema = z.object({
  spinnerService: SpinnerServiceSchema,
  title: z.string().max(ARTICLE_TITLE_MAX_LENGTH),
  body: spinText,
});
export type SpinArticleBody = z.infer<typeof SpinArticleBodySchema>;
export const SpinArticleResponseSchema = z.object({ title: z.string(), body: z.string(), warning: z.string().optional() });
export type SpinArticleResponse = z.infer<typeof SpinArticleResponseSchema>;

/** One category of the built-in article builder (articleBuilderCategories, as JSON text). */
export const BuilderCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type BuilderCategoryOption = z.infer<typeof BuilderCategorySchema>;
export const BuilderCategoriesSchema = z.array(BuilderCategorySchema);
/** GET /action/download/articlebuilder/categories: Article Builder's own categories for its drawer (ids are positions, 1 first). */
export const ArticleBuilderCategoriesResponseSchema = z.object({ categories: BuilderCategoriesSchema });

/** A JSON text parsed by `schema`, or its first message. */
export function parseInputInfo<T extends z.ZodType>(text: string, schema: T): { ok: true; value: z.infer<T> } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: CONTENT_TOOLS_MESSAGES.inputInfoNotJson };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, message: CONTENT_TOOLS_MESSAGES.inputInfoNotJson };
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? CONTENT_TOOLS_MESSAGES.inputInfoNotJson };
}
