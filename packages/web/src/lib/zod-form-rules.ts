import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * When a form's fields are checked: as the user types and when they leave a field, so a required
 * field left empty says so at once, not only after Save (issue 11.5). Every form passes it to
 * antd's `validateTrigger`.
 */
export const VALIDATE_ON: string[] = ['onChange', 'onBlur'];

/** zod's own English ("Invalid input: expected string, received undefined"): never shown to a user. */
const RAW_ZOD_MESSAGE = /^(Invalid input|Invalid option|Invalid string|Invalid number|Invalid|Too small|Too big|Expected)\b/;

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The text a user reads for one issue: the schema's own message (the spec's text), or, where a
 * schema field has none, plain words instead of zod's raw English.
 */
export function humanMessage(issue: z.core.$ZodIssue, value: unknown): string {
  if (!RAW_ZOD_MESSAGE.test(issue.message)) return issue.message;
  if (isMissing(value)) return 'Please fill in this field';
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? 'Please enter a number' : 'Please enter a valid value';
    case 'too_small':
      return issue.origin === 'string' ? `Please enter at least ${String(issue.minimum)} characters` : `Must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string' ? `Please enter at most ${String(issue.maximum)} characters` : `Must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return 'Please choose one of the options';
    default:
      return 'Please enter a valid value';
  }
}

/** A form field's name: a top-level key, or a path into nested values (`['captchaPrimary', 'TwoCaptcha', 'captchaKey']`). */
export type FieldPath = string | readonly (string | number)[];

const pathOf = (field: FieldPath): readonly (string | number)[] => (typeof field === 'string' ? [field] : field);

function valueAt(values: unknown, field: FieldPath): unknown {
  let value = values;
  for (const key of pathOf(field)) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** A copy of `values` with the value at `field` replaced (nested objects copied on the way). */
function withValueAt(values: unknown, field: FieldPath, replacement: unknown): Record<string, unknown> {
  const [head, ...rest] = pathOf(field);
  const base = typeof values === 'object' && values !== null ? values as Record<string, unknown> : {};
  if (head === undefined) return base;
  return { ...base, [head]: rest.length === 0 ? replacement : withValueAt(base[head], rest, replacement) };
}

const samePath = (issuePath: readonly PropertyKey[], field: FieldPath) => {
  const wanted = pathOf(field);
  return wanted.every((key, index) => issuePath[index] === key) && (typeof field === 'string' || issuePath.length === wanted.length);
};

/**
 * The first problem the schema finds with one field, judged on the whole form's values so
 * cross-field rules (passwords must match) report on the right field. Null when the field is fine.
 */
export function fieldProblem(schema: z.ZodType, values: unknown, field: FieldPath): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => samePath(candidate.path, field));
  return issue ? humanMessage(issue, valueAt(values, field)) : null;
}

/**
 * True when the schema refuses the form with this field left empty (absent, and as an empty
 * text): the field is required, given the others. A text that may be empty is not.
 */
export function isRequiredField(schema: z.ZodType, values: unknown, field: FieldPath): boolean {
  return [undefined, ''].every((empty) => fieldProblem(schema, withValueAt(values, field, empty), field) !== null);
}

/**
 * An Ant Design form rule backed by the shared zod schema, so the form shows exactly the messages
 * the server would send (DESIGN.md rule 2: one schema, both sides). A field the schema cannot do
 * without carries antd's required marker, judged on the current values (a field required only
 * when a box is ticked is marked only then).
 */
export function zodRule(schema: z.ZodType, field: FieldPath): FormRule {
  return ({ getFieldsValue }) => ({
    required: isRequiredField(schema, getFieldsValue(true), field),
    validator: async () => {
      const problem = fieldProblem(schema, getFieldsValue(true), field);
      if (problem !== null) throw new Error(problem);
    },
  });
}
