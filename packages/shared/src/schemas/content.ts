import { z } from 'zod';
import { IdListSchema, IdSchema, PLAIN_TEXT_RULE, PathIdSchema } from './common';
import { isPlainText } from '../domain/plain-text';

/** Spec 3 section 5 (content group and article) messages, written once for both sides. */
export const CONTENT_MESSAGES = {
  groupNameRequired: 'Please enter content group name',
  groupNameTooLong: 'Content group name is at most 1024 characters',
  maxUsage: 'Required and greater or equal to 0',
  maxUsageTooLarge: 'Must be at most 1000000000',
  wordsTooLong: 'Protected words are at most 100000 characters',
  titleRequired: 'Title is required',
  bodyRequired: 'Body is required',
  authorNameRequired: 'Author name is required',
  authorBioRequired: 'Author bio is required',
  titleTooLong: 'Title is at most 1000 characters',
  bodyTooLong: 'Body is at most 500000 characters',
  authorTooLong: 'Author fields are at most 10000 characters each',
} as const;

/** Spec 3 section 9: list limits of this area. */
export const CONTENT_GROUP_NAME_TRUNCATE_LENGTH = 120;
export const ARTICLE_TITLE_TRUNCATE_LENGTH = 100;
export const CONTENT_FORM_DEBOUNCE_MS = 200;
export const ARTICLE_TITLE_MAX_LENGTH = 1000;
export const ARTICLE_BODY_MAX_LENGTH = 500_000;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong }).refine(isPlainText, PLAIN_TEXT_RULE);

export const ContentGroupNameSchema = requiredText(CONTENT_MESSAGES.groupNameRequired, 1024, CONTENT_MESSAGES.groupNameTooLong);

/** One row of the content group list. */
export const ContentGroupSummarySchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type ContentGroupSummary = z.infer<typeof ContentGroupSummarySchema>;

/** GET /rest/content_groups */
export const ContentGroupListResponseSchema = z.object({ content_groups: z.array(ContentGroupSummarySchema) });
export type ContentGroupListResponse = z.infer<typeof ContentGroupListResponseSchema>;

/** PUT /rest/content_groups (answers the new row). */
export const CreateContentGroupBodySchema = z.object({ name: ContentGroupNameSchema });
export type CreateContentGroupBody = z.infer<typeof CreateContentGroupBodySchema>;

/** POST /action/rename/content_group */
export const RenameContentGroupBodySchema = z.object({ id: IdSchema, name: ContentGroupNameSchema });
export type RenameContentGroupBody = z.infer<typeof RenameContentGroupBodySchema>;

/** DELETE /rest/content_groups and DELETE /rest/article/{groupId}. */
export const DeleteIdsBodySchema = z.object({ ids: IdListSchema });
export type DeleteIdsBody = z.infer<typeof DeleteIdsBodySchema>;

/** The settings form of a content group; 0 uses means unlimited. */
export const ContentGroupSettingsSchema = z.object({
  wordsNottobeChanged: z.string().max(100_000, { error: CONTENT_MESSAGES.wordsTooLong }).refine(isPlainText, PLAIN_TEXT_RULE),
  maxUsagePerArticle: z
    .number({ error: CONTENT_MESSAGES.maxUsage })
    .int({ error: CONTENT_MESSAGES.maxUsage })
    .min(0, { error: CONTENT_MESSAGES.maxUsage })
    .max(1_000_000_000, { error: CONTENT_MESSAGES.maxUsageTooLarge }),
});
export type ContentGroupSettings = z.infer<typeof ContentGroupSettingsSchema>;

/** POST /rest/content_groups: saves the settings of one group. */
export const SaveContentGroupSettingsBodySchema = ContentGroupSettingsSchema.extend({ id: IdSchema });
export type SaveContentGroupSettingsBody = z.infer<typeof SaveContentGroupSettingsBodySchema>;

export const ContentGroupSchema = ContentGroupSummarySchema.extend(ContentGroupSettingsSchema.shape);
export type ContentGroup = z.infer<typeof ContentGroupSchema>;

/** One row of a group's article table (the body stays on the server until the article opens). */
/**
 * A line of a group's article table. `authorMissing`: the author name or bio is empty (uploaded
 * articles come without them), so the article form will ask for them before it saves.
 */
export const ArticleSummarySchema = z.object({ id: z.number().int(), title: z.string(), usageCount: z.number().int(), authorMissing: z.boolean() });
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const KmCampaignSchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /rest/content_group/{id} */
export const ContentGroupResponseSchema = z.object({
  contentGroup: ContentGroupSchema,
  articles: z.array(ArticleSummarySchema),
  kmCampaigns: z.array(KmCampaignSchema),
});
export type ContentGroupResponse = z.infer<typeof ContentGroupResponseSchema>;

/** The editable fields of an article, with the spec's required messages. */
export const ArticleFieldsSchema = z.object({
  title: requiredText(CONTENT_MESSAGES.titleRequired, ARTICLE_TITLE_MAX_LENGTH, CONTENT_MESSAGES.titleTooLong),
  body: requiredText(CONTENT_MESSAGES.bodyRequired, ARTICLE_BODY_MAX_LENGTH, CONTENT_MESSAGES.bodyTooLong),
  authorName: requiredText(CONTENT_MESSAGES.authorNameRequired, 10_000, CONTENT_MESSAGES.authorTooLong),
  authorBio: requiredText(CONTENT_MESSAGES.authorBioRequired, 10_000, CONTENT_MESSAGES.authorTooLong),
});
export type ArticleFields = z.infer<typeof ArticleFieldsSchema>;

/**
 * POST /rest/article_author/{groupId}: one author name and bio for several articles at once, so
 * articles uploaded without them can be completed in one step (issue 11.5). Both stay required:
 * spec 3 requires them of every article.
 */
export const ArticleAuthorBodySchema = ArticleFieldsSchema.pick({ authorName: true, authorBio: true }).extend({ ids: IdListSchema });
export type ArticleAuthorBody = z.infer<typeof ArticleAuthorBodySchema>;
export const ArticleAuthorResponseSchema = z.object({ updated: z.number().int() });

/** POST /rest/article: without id it creates, with id it saves; answers the id. */
export const SaveArticleBodySchema = ArticleFieldsSchema.extend({ id: IdSchema.optional(), contentGroupId: IdSchema });
export type SaveArticleBody = z.infer<typeof SaveArticleBodySchema>;
export const SaveArticleResponseSchema = z.object({ id: z.number().int() });

/** An article as the editor gets it; a new one has id null and empty fields. */
export const ArticleSchema = z.object({
  id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  authorBio: z.string(),
  usageCount: z.number().int(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** GET /rest/article/{id} and GET /rest/new_article/{groupId}. */
export const ArticleResponseSchema = z.object({
  article: ArticleSchema,
  contentGroup: ContentGroupSchema,
  /** A JSON list as text (the spec's shape); filled by the content tools. */
  articleBuilderCategories: z.string(),
});
export type ArticleResponse = z.infer<typeof ArticleResponseSchema>;

export const ContentGroupIdParamsSchema = z.object({ contentGroupId: PathIdSchema });
export const GroupIdParamsSchema = z.object({ groupId: PathIdSchema });

/** One refused or empty file of an article upload. */
export const UploadProblemSchema = z.object({ file: z.string(), message: z.string() });

/** POST /rest/upload_raw_articles[_file_name_title]/{contentGroupId} */
export const UploadArticlesResponseSchema = z.object({ imported: z.number().int(), errors: z.array(UploadProblemSchema) });
export type UploadArticlesResponse = z.infer<typeof UploadArticlesResponseSchema>;
