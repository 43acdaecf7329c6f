import { z } from 'zod';
import { MODULES, type ModuleId } from '../constants/modules';
import { IdSchema, PLAIN_TEXT_RULE, PathIdSchema } from './common';
import { isPlainText } from '../domain/plain-text';

/** Spec 1 §5 dialog messages of the project dialog (add / rename / duplicate). */
export const PROJECT_MESSAGES = {
  moduleRequired: 'Please select project type',
  nameRequired: 'Please enter project name',
  nameTooLong: 'Project name must be at most 512 characters',
  moduleLocked: 'The project type cannot be changed',
} as const;

/** Prefix of a duplicated project's name (spec 1 §2). */
export const DUPLICATE_PROJECT_PREFIX = 'Copy of ';

const MODULE_IDS = Object.keys(MODULES) as [ModuleId, ...ModuleId[]];

export const ProjectModuleSchema = z.enum(MODULE_IDS, { error: PROJECT_MESSAGES.moduleRequired });
export const ProjectNameSchema = z
  .string({ error: PROJECT_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: PROJECT_MESSAGES.nameRequired })
  .max(512, { error: PROJECT_MESSAGES.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** PUT /rest/project and POST /rest/project/rename/{id}. */
export const ProjectCreateSchema = z.object({
  campaignId: IdSchema,
  module: ProjectModuleSchema,
  name: ProjectNameSchema,
});
export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;
export const ProjectRenameSchema = ProjectCreateSchema;
export type ProjectRename = ProjectCreate;

/** POST /action/duplicate/project/{id}. */
export const ProjectDuplicateSchema = z.object({ name: ProjectNameSchema });
export type ProjectDuplicate = z.infer<typeof ProjectDuplicateSchema>;

/**
 * A project's schedule as stored (spec 1 §3). Every field is optional here: the schedule dialog
 * (projects issue) validates what it saves; lists only show it.
 */
export const ProjectScheduleSchema = z.object({
  status: z.string().optional(),
  scheduleType: z.string().optional(),
  /** DD/MM/YYYY HH:mm in UTC. */
  startDate: z.string().optional(),
  sourceProjectIds: z.array(z.number().int()).optional(),
  sourceProjectId: z.number().int().optional(),
  durationType: z.string().optional(),
  nDay: z.number().int().optional(),
  numberOfPosts: z.number().int().optional(),
});
export type ProjectSchedule = z.infer<typeof ProjectScheduleSchema>;

/** One row of a campaign's Projects tab (and the payload of newProject / projectEdited). */
export const ProjectRowSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  name: z.string(),
  module: z.string(),
  status: z.string(),
  lastError: z.array(z.string()),
  schedule: ProjectScheduleSchema.nullable(),
});
export type ProjectRow = z.infer<typeof ProjectRowSchema>;

/** Path params of the calls addressed by campaign (`DELETE /rest/projects/{campaignId}`, …). */
export const CampaignIdParamsSchema = z.object({ campaignId: PathIdSchema });
export type CampaignIdParams = z.infer<typeof CampaignIdParamsSchema>;
