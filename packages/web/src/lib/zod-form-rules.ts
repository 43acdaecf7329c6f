import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * The first problem the schema finds with one field, judged on the whole form's values so
 * cross-field rules (passwords must match) report on the right field. Null when the field is fine.
 */
export function fieldProblem(schema: z.ZodType, values: unknown, field: string): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
  return issue?.message ?? null;
}

/**
 * An Ant Design form rule backed by the shared zod schema, so the form shows exactly the messages
 * the server would send (DESIGN.md rule 2: one schema, both sides).
 */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const problem = fieldProblem(schema, getFieldsValue(true), field);
      if (problem !== null) throw new Error(problem);
    },
  });
}
