import { formatLineError, type LineError } from '@linkloom/shared';
import { HttpError } from '../../platform/http/errors';

const MAX_DETAILS = 100;

/** 422 naming the first bad line, with one detail line per bad line (the first hundred). */
export function lineErrors(errors: readonly LineError[]): HttpError {
  const details = errors.slice(0, MAX_DETAILS).map((error) => formatLineError(error));
  if (errors.length > MAX_DETAILS) details.push(`… and ${errors.length - MAX_DETAILS} more lines`);
  return new HttpError(422, details[0] ?? 'Invalid lines', details);
}
