import lzString from 'lz-string';
import { z } from 'zod';
import { CAMPAIGN_MESSAGES, CampaignCreateSchema } from '@linkloom/shared';

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

/** PUT /rest/campaigns: the shared create schema behind the decompression step. */
export const CampaignCreateBodySchema = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  const decoded = decompressJson(value);
  if (decoded === undefined) {
    ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.notCompressed, input: value });
    return z.NEVER;
  }
  return decoded;
}, CampaignCreateSchema);
