import { z } from 'zod';
import { AccountCreationSaveSchema, ContentProjectSaveSchema, IndexerProjectSaveSchema } from '@linkloom/shared';
import { decompressJson } from '../campaigns/decode-campaign-body';

export const NOT_COMPRESSED = 'The project could not be read: send JSON or its compressed form';

/**
 * A save body as JSON, or the same JSON compressed with lz-string's compressToEncodedURIComponent
 * (SCOPE.md: project saves are plain JSON; the compressed form is accepted too).
 */
function plainOrCompressed<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    const decoded = decompressJson(value);
    if (decoded === undefined) {
      ctx.addIssue({ code: 'custom', message: NOT_COMPRESSED, input: value });
      return z.NEVER;
    }
    return decoded;
  }, schema);
}

/** POST /rest/acproject. */
export const AccountCreationSaveBodySchema = plainOrCompressed(AccountCreationSaveSchema);
/** POST /rest/postingproject and /rest/privateproject. */
export const ContentProjectSaveBodySchema = plainOrCompressed(ContentProjectSaveSchema);
/** POST /rest/indexerproject. */
export const IndexerProjectSaveBodySchema = plainOrCompressed(IndexerProjectSaveSchema);
