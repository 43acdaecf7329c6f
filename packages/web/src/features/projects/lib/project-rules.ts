import type { FormRule } from 'antd';
import type { z } from 'zod';
import {
  AccountCreationFormSchema, ContentProjectFormSchema, IndexerProjectFormSchema, VerificationInfoSchema,
  problemFor, validateAccountTab, validateContentGeneral, validateContentImage, validateContentVideo, validateEmailTab,
  validateIndexerProject, validateIndexers,
  type AccountCreationForm, type ContentProjectForm, type ContentProjectKind, type FormProblem, type IndexerProjectForm,
} from '@linkloom/shared';

/** A shared tab validator run on the raw values of the page's form. */
export type TabValidator = (values: unknown) => readonly FormProblem[];

/**
 * An Ant Design rule for one field of a project form: it runs the tab's shared validate function
 * on the whole form's values and reports the problem that names this field, so the screen shows
 * exactly the messages the server answers with (spec 1 §5). `field` is the problem's field,
 * dotted for nested ones (`verificationInfo.emailServer`).
 */
export function projectRule(validate: TabValidator, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    // The required marker (issue 11.5): the tab refuses this field left empty, given the others.
    required: problemFor(validate(withField(getFieldsValue(true), field, '')), field) !== null,
    validator: async () => {
      const problem = problemFor(validate(getFieldsValue(true)), field);
      if (problem !== null) throw new Error(problem);
    },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of the form's values with one (dotted) field set to `value`. */
function withField(values: unknown, field: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = field.split('.');
  const copy: Record<string, unknown> = isRecord(values) ? { ...values } : {};
  copy[head!] = rest.length === 0 ? value : withField(copy[head!], rest.join('.'), value);
  return copy;
}

/**
 * One field as its schema takes it. A valid value is kept; a cleared control (present but
 * undefined) or a value of the wrong shape becomes null where the field allows it — so the rule
 * says "required" — and the field's default otherwise. A missing field takes its default. Text
 * longer than the schema allows is kept as typed: the server's limit answers for it.
 */
function coerceField(schema: z.ZodType, present: boolean, value: unknown): unknown {
  if (!present) return schema.parse(undefined);
  if (value !== undefined) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  const fallback = schema.parse(undefined);
  if (typeof value === 'string' && typeof fallback === 'string') return value;
  const empty = schema.safeParse(null);
  return empty.success ? empty.data : fallback;
}

function coerceShape(shape: Readonly<Record<string, z.ZodType>>, raw: unknown): Record<string, unknown> {
  const values = isRecord(raw) ? raw : {};
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, coerceField(schema, key in values, values[key])]));
}

/** Keeps the shape-correct result; the casts only cover text kept over its length limit. */
function finish<T>(schema: z.ZodType<T>, coerced: Record<string, unknown>): T {
  const parsed = schema.safeParse(coerced);
  return parsed.success ? parsed.data : (coerced as T);
}

const LINK_SET_PROFILE_SHAPE = ContentProjectFormSchema.shape.linkSetProfiles.unwrap().element.shape;

/** The values of a posting or private project form in the schema's shape (defaults for missing ones). */
export function contentValues(raw: unknown): ContentProjectForm {
  const coerced = coerceShape(ContentProjectFormSchema.shape, raw);
  const profiles = isRecord(raw) && Array.isArray(raw.linkSetProfiles) ? raw.linkSetProfiles : [];
  coerced.linkSetProfiles = profiles.map((profile) => coerceShape(LINK_SET_PROFILE_SHAPE, profile));
  return finish(ContentProjectFormSchema, coerced);
}

/** The values of an account creation form in the schema's shape, `verificationInfo` included. */
export function accountCreationValues(raw: unknown): AccountCreationForm {
  const coerced = coerceShape(AccountCreationFormSchema.shape, raw);
  coerced.verificationInfo = coerceShape(VerificationInfoSchema.shape, isRecord(raw) ? raw.verificationInfo : undefined);
  return finish(AccountCreationFormSchema, coerced);
}

/** The values of an indexer project form in the schema's shape. */
export function indexerValues(raw: unknown): IndexerProjectForm {
  return finish(IndexerProjectFormSchema, coerceShape(IndexerProjectFormSchema.shape, raw));
}

// The rule of each tab, ready for a Form.Item.

/** General tab of a posting or private project. */
export function generalRule(kind: ContentProjectKind, field: string): FormRule {
  return projectRule((values) => validateContentGeneral(kind, contentValues(values)), field);
}

/** Image and Video tabs. */
export function mediaRule(media: 'image' | 'video', field: string): FormRule {
  const validate = media === 'image' ? validateContentImage : validateContentVideo;
  return projectRule((values) => validate(contentValues(values)), field);
}

/** Indexer tab of a posting or private project. */
export function indexersRule(field: string): FormRule {
  return projectRule((values) => validateIndexers(contentValues(values)), field);
}

/** Account tab of an account creation project. */
export function accountRule(field: string): FormRule {
  return projectRule((values) => validateAccountTab(accountCreationValues(values)), field);
}

/** Email tab of an account creation project; `field` is dotted (`verificationInfo.emailServer`). */
export function emailRule(field: string): FormRule {
  return projectRule((values) => validateEmailTab(accountCreationValues(values)), field);
}

/** The form of an indexer project (its sites are checked by the page on save). */
export function indexerProjectRule(field: string): FormRule {
  // One checked site stands in for the grid: this rule only reports the form's own fields.
  return projectRule((values) => validateIndexerProject(indexerValues(values), 1), field);
}
