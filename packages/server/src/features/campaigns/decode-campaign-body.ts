import lzString from 'lz-string';
import { z } from 'zod';
import { CAMPAIGN_MESSAGES, CampaignCreateSchema, findTextFault, textFaultMessage } from '@linkloom/shared';

/**
 * A body that arrived as a string (a JSON string, or text/plain) is the campaign JSON compressed
 * with lz-string's compressToEncodedURIComponent (SCOPE.md: the compressed form and plain JSON
 * are both accepted). Undefined when the text is not such a payload.
 */
export function decompressJson(text: string): unknown {
  const json = lzString.decompressFromEncodedURIComponent(text.trim());
  if (!json) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A body schema that also takes the same JSON compressed (a string). The decompressed JSON was never
 * seen by the request's plain-text check, so its texts are checked here with the same rule (422
 * naming the field); a string that is not such a payload is refused with `notCompressed`.
 */
export function plainOrCompressed<T extends z.ZodType>(schema: T, notCompressed: string) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    const decoded = decompressJson(value);
    if (decoded === undefined) {
      ctx.addIssue({ code: 'custom', message: notCompressed, input: value });
      return z.NEVER;
    }
    const fault = findTextFault(decoded);
    if (fault) {
      ctx.addIssue({ code: 'custom', message: textFaultMessage(fault), input: value });
      return z.NEVER;
    }
    return decoded;
  }, schema);
}

/** PUT /rest/campaigns: the shared create schema behind the decompression step. */
export const CampaignCreateBodySchema = plainOrCompressed(CampaignCreateSchema, CAMPAIGN_MESSAGES.notCompressed);
