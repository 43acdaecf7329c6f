import type { FormRule } from 'antd';
import { LINK_SET_PROFILE_DEFAULTS, LinkSetProfileSchema } from '@linkloom/shared';
import { fieldProblem } from '@/lib/zod-form-rules';

/** The dialog's fields and the fields each one is compared with. */
const RELATED = {
  linkSetId: [],
  minLinks: [],
  // maxLinks ≥ minLinks is the schema's cross-field rule, reported on maxLinks.
  maxLinks: ['minLinks'],
  linkProb: [],
} as const satisfies Record<string, readonly string[]>;

export type LinkSetProfileField = keyof typeof RELATED;

/** A profile that breaks no rule: stands in for the fields a message does not depend on. */
const VALID_PROFILE = { linkSetId: 1, name: '', ...LINK_SET_PROFILE_DEFAULTS };

/**
 * The shared schema's message for one field of the link set profile dialog, judged on that field
 * and the fields it is compared with only. Zod skips an object's cross-field check while any other
 * field is broken, so judged on the whole dialog an unchosen link set would hide "Max links must be
 * greater or equal to min links"; this way every message shows at once.
 */
export function linkSetProfileProblem(values: Record<string, unknown>, field: LinkSetProfileField): string | null {
  const judged: Record<string, unknown> = { ...VALID_PROFILE };
  for (const name of [field, ...RELATED[field]]) judged[name] = values[name];
  return fieldProblem(LinkSetProfileSchema, judged, field);
}

/** The Ant Design rule of one dialog field. */
export function linkSetProfileRule(field: LinkSetProfileField): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const problem = linkSetProfileProblem(getFieldsValue(true) as Record<string, unknown>, field);
      if (problem !== null) throw new Error(problem);
    },
  });
}
