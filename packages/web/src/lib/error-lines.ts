import { COMMON_MESSAGES } from '@linkloom/shared';
import { humanText, problemLines } from './http-error';

/** One problem to show: plain text, or a message about one line of an imported text or file. */
export type ErrorLine = string | { line?: number | null; message: string };

/** `Line 3: Invalid URL` for numbered problems, the message itself otherwise. */
export function formatErrorLine(error: ErrorLine): string {
  if (typeof error === 'string') return error;
  return error.line === undefined || error.line === null ? error.message : `Line ${error.line}: ${error.message}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Entries of an array that read as problems: strings or `{ line?, message }` objects. */
function linesOf(value: unknown): ErrorLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): ErrorLine[] => {
    if (typeof entry === 'string') return entry.trim() === '' ? [] : [entry];
    if (isRecord(entry) && typeof entry.message === 'string') {
      return [{ line: typeof entry.line === 'number' ? entry.line : null, message: entry.message }];
    }
    return [];
  });
}

/**
 * The problems a response body reports, one text per line: the shared error shape's
 * `error.message` and `error.details`, and an import's `errorList` (spec 1, sections 5 and 8).
 * Empty when the body reports none.
 */
export function errorLinesOf(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const lines: ErrorLine[] = [];
  const error = body.error;
  if (isRecord(error)) {
    // In the user's words: no request path or validator wording (http-error humanText).
    const details = [...new Set(linesOf(error.details).map(formatErrorLine).map(humanText))];
    if (typeof error.message === 'string' && error.message.trim() !== '') lines.push(...problemLines(humanText(error.message), details));
    else lines.push(...details);
    lines.push(...linesOf(error.errorList));
  } else if (typeof error === 'string' && error.trim() !== '') {
    lines.push(humanText(error));
  }
  lines.push(...linesOf(body.errorList), ...linesOf(body.details));
  return lines.map(formatErrorLine);
}

/**
 * The problem lines of one file's upload answer, for its toast. A dialog that takes several files
 * sends each as its own upload, so each answer's problems come in a toast of their own; with
 * `nameTheFile` that toast starts with the file's name (`two.txt:`), so a refused 'Line 2: …' says
 * which file it is about. Not when every line names the file already, nor for single-file uploads.
 */
export function uploadProblemLines(fileName: string, body: unknown, nameTheFile: boolean): string[] {
  const lines = errorLinesOf(body);
  if (!nameTheFile || lines.length === 0 || lines.every((line) => line.includes(fileName))) return lines;
  return [`${fileName}:`, ...lines];
}

/** The lines of a caught error for a dialog: an HttpError's own lines, or its message. */
export function errorLinesOfThrown(error: unknown): string[] {
  if (error instanceof Error && error.message.trim() !== '') return error.message.split('\n');
  return [COMMON_MESSAGES.unknownError];
}
