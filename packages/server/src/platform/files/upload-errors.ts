import { UPLOAD_MESSAGES } from '@linkloom/shared';
import { HttpError } from '../http/errors';

/**
 * What the multipart parser (busboy) throws for a body cut short ("Unexpected end of multipart
 * data", "Part terminated early…") or whose parts never show the boundary the Content-Type names
 * ("Boundary not found"), and @fastify/multipart for a request closed mid-body.
 */
const MALFORMED_MULTIPART = /unexpected end of (multipart data|form)|terminated early|boundary not found|malformed (part )?header|FST_MP_PREMATURE_CLOSE/i;

/** True when the error says the multipart body itself is broken (the client's fault, not ours). */
export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return MALFORMED_MULTIPART.test(err.message) || (typeof code === 'string' && MALFORMED_MULTIPART.test(code));
}

/** An upload's failure as the error the user gets: 400 for a broken body, 413 past the size limit. */
export function toUploadError(err: unknown, limitMb: number): unknown {
  if (err instanceof HttpError) return err;
  if ((err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, UPLOAD_MESSAGES.tooLarge(limitMb));
  if (isMalformedMultipart(err)) return new HttpError(400, UPLOAD_MESSAGES.malformed);
  return err;
}
