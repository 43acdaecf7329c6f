import { AccountCreationSaveSchema, ContentProjectSaveSchema, IndexerProjectSaveSchema } from '@linkloom/shared';
import { plainOrCompressed } from '../campaigns/decode-campaign-body';

/**
 * Save bodies are JSON, or the same JSON compressed with lz-string's compressToEncodedURIComponent
 * (SCOPE.md: project saves are plain JSON; the compressed form is accepted too).
 */
export const NOT_COMPRESSED = 'The project could not be read: send JSON or its compressed form';

/** POST /rest/acproject. */
export const AccountCreationSaveBodySchema = plainOrCompressed(AccountCreationSaveSchema, NOT_COMPRESSED);
/** POST /rest/postingproject and /rest/privateproject. */
export const ContentProjectSaveBodySchema = plainOrCompressed(ContentProjectSaveSchema, NOT_COMPRESSED);
/** POST /rest/indexerproject. */
export const IndexerProjectSaveBodySchema = plainOrCompressed(IndexerProjectSaveSchema, NOT_COMPRESSED);
