import type { FastifyInstance } from 'fastify';
import { findTextFault, textFaultMessage } from '@linkloom/shared';
import { HttpError } from './errors';

/**
 * Every text a call carries must be plain text (shared domain/plain-text.ts): a NUL character or an
 * unpaired surrogate anywhere in the path, the query or the parsed body (a JSON body at any depth,
 * keys included) answers 422 naming the field, before the route's schema or handler sees it. One
 * hook for every route, so no feature can forget it; malformed JSON still answers 400 from the parser.
 */
export function registerPlainTextCheck(app: FastifyInstance): void {
  // Callback style: a hook run on every call costs a promise less.
  app.addHook('preValidation', (request, _reply, done) => {
    const fault = findTextFault(request.params, 'path') ?? findTextFault(request.query, 'query') ?? findTextFault(request.body, 'body');
    if (!fault) {
      done();
      return;
    }
    const message = textFaultMessage(fault);
    done(new HttpError(422, message, [message]));
  });
}
