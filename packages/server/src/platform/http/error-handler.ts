import type { FastifyError, FastifyInstance, FastifyReply, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from '@fastify/type-provider-zod';
import { UPLOAD_MESSAGES, type ErrorResponse } from '@linkloom/shared';
import { HttpError } from './errors';
import { isMalformedMultipart } from '../files/upload-errors';

/** Sends the error body every failing call uses: { error: { message, details? } }. */
export function sendError(reply: FastifyReply, statusCode: number, message: string, details?: string[]): FastifyReply {
  const body: ErrorResponse = { error: { message, ...(details && details.length > 0 ? { details } : {}) } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** `wizard.startDate`, from a validation error's `/wizard/startDate` ('' for the body as a whole). */
function fieldOf(issue: FastifySchemaValidationError): string {
  return issue.instancePath.split('/').filter((part) => part !== '').join('.');
}

/**
 * A request that failed its schema as a 422 (issue 38 item 4: every 422 names its field): the
 * message is the first problem in the schema's words (the spec's texts), and each detail names the
 * field it is about (`wizard.startDate: …`; a problem of the body as a whole is its message alone).
 */
export function validationError(issues: readonly FastifySchemaValidationError[]): HttpError {
  const details = issues.map((issue) => {
    const message = issue.message ?? 'Invalid value';
    const field = fieldOf(issue);
    return field === '' ? message : `${field}: ${message}`;
  });
  return new HttpError(422, issues[0]?.message ?? 'Invalid request', details);
}

/** Messages for Fastify's own request errors: what went wrong and what to do. */
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; JSON was expected' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type; send JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body length does not match its Content-Length' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 406, message: 'Send the file as multipart/form-data in the field "file"' },
  FST_FILES_LIMIT_REACHED: { status: 413, message: 'Too many files in one upload' },
  FST_PARTS_LIMIT_REACHED: { status: 413, message: 'Too many parts in one upload' },
  FST_FIELDS_LIMIT_REACHED: { status: 413, message: 'Too many form fields in one upload' },
  FST_PROTO_VIOLATION: { status: 400, message: 'The upload is not valid multipart/form-data' },
};

/**
 * One error handler for the whole API: validation failures answer 422 with the schema's messages,
 * malformed requests 400, errors users cause their own status, anything else 500 (and is logged).
 */
export function registerErrorHandler(app: FastifyInstance, uploadLimitMb: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const named = validationError(error.validation);
      return sendError(reply, 422, named.message, named.details);
    }
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.details);
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, 413, UPLOAD_MESSAGES.tooLarge(uploadLimitMb));
    if (isMalformedMultipart(error)) return sendError(reply, 400, UPLOAD_MESSAGES.malformed);
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.message);
    if (isResponseSerializationError(error)) request.log.error({ err: error }, 'response did not match its schema');
    else if ((error.statusCode ?? 500) < 500) return sendError(reply, error.statusCode ?? 400, error.message);
    else request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'Unexpected server error. Please try again; if it persists, check the server log.');
  });
}

/** JSON 404 for unknown paths; registered after the CSRF and session hooks so they run first. */
export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No such route: ${request.method} ${request.url.split('?')[0]}`));
}
