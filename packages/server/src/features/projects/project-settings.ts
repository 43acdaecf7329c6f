import { z } from 'zod';
import {
  AccountCreationFormSchema, ContentProjectFormSchema, IndexerProjectFormSchema,
  type AccountCreationForm, type ContentProjectForm, type IndexerProjectForm, type ProjectKind,
} from '@linkloom/shared';

/** A project's form together with its kind, so a switch on `kind` knows the form's shape. */
export type KindForm =
  | { kind: 'acproject'; form: AccountCreationForm }
  | { kind: 'postingproject' | 'privateproject'; form: ContentProjectForm }
  | { kind: 'indexerproject'; form: IndexerProjectForm };

const asRecord = (value: unknown): Record<string, unknown> =>
  (typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {});

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return {};
  }
}

function unwrapDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? unwrapDefault(schema.unwrap() as z.ZodType) : schema;
}

/**
 * One stored field read leniently: as it is when it still parses; a nested object field by field;
 * a list keeping the entries that still parse; anything else by its default.
 */
function lenientField(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const inner = unwrapDefault(schema);
  if (inner instanceof z.ZodObject) return lenientObject(inner, value);
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    const element = inner.element as z.ZodType;
    const kept = value.filter((entry) => element.safeParse(entry).success);
    const retried = schema.safeParse(kept);
    if (retried.success) return retried.data;
  }
  return schema.safeParse(undefined).data ?? null;
}

function lenientObject(schema: z.ZodObject, value: unknown): Record<string, unknown> {
  const source = asRecord(value);
  return Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, lenientField(field as z.ZodType, source[key])]));
}

function readForm<S extends z.ZodObject>(schema: S, stored: Record<string, unknown>): z.output<S> {
  const whole = schema.safeParse(stored);
  if (whole.success) return whole.data;
  const lenient = schema.safeParse(lenientObject(schema, stored));
  return lenient.success ? lenient.data : schema.parse({});
}

/**
 * A project's stored form: defaults fill a new project, and a stored value that no longer parses
 * (an option that was renamed, a hand-edited row) falls back to its default field by field, so a
 * screen always opens.
 */
export function readProjectForm(kind: ProjectKind, settings: string): KindForm {
  const stored = parseJsonObject(settings);
  switch (kind) {
    case 'acproject': return { kind, form: readForm(AccountCreationFormSchema, stored) };
    case 'indexerproject': return { kind, form: readForm(IndexerProjectFormSchema, stored) };
    default: return { kind, form: readForm(ContentProjectFormSchema, stored) };
  }
}
