import {
  STRATEGY_MARKUP_MAX_DEPTH, STRATEGY_MESSAGES, diagramPreviewSvg, readDiagramText, type Diagram,
} from '@linkloom/shared';
import { HttpError } from '../../platform/http/errors';
import { MarkupTooDeepError, sanitizeRichText, sanitizeSvg } from '../../platform/html/sanitize';

/** Problems named in the one-line message; all of them (up to this many) go in `details`. */
const PROBLEMS_IN_MESSAGE = 3;
const PROBLEMS_IN_DETAILS = 100;

/** The problems of a diagram's JSON text as lines, or the diagram and its text without a byte order mark. */
export function readDiagram(text: string): { ok: true; diagram: Diagram; text: string } | { ok: false; problems: string[] } {
  const result = readDiagramText(text);
  if (!result.ok) return { ok: false, problems: result.problems.map((p) => p.message) };
  return { ok: true, diagram: result.diagram, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

export function diagramProblemsMessage(problems: string[]): string {
  const shown = problems.slice(0, PROBLEMS_IN_MESSAGE);
  const more = problems.length - shown.length;
  return STRATEGY_MESSAGES.invalidDiagram(more > 0 ? [...shown, `and ${more} more`] : shown);
}

/** A diagram a save sends: refused with 422 naming the node when it breaks a rule (nothing stored). */
export function requireDiagram(text: string): { diagram: Diagram; text: string } {
  const read = readDiagram(text);
  if (!read.ok) throw new HttpError(422, diagramProblemsMessage(read.problems), read.problems.slice(0, PROBLEMS_IN_DETAILS));
  return read;
}

const MARKUP_LIMITS = { maxDepth: STRATEGY_MARKUP_MAX_DEPTH };

/** Sanitised markup, or the 422 naming the depth cap when it nests deeper. */
function withinDepth<T>(sanitise: () => T, tooDeep: string): T {
  try {
    return sanitise();
  } catch (error) {
    if (error instanceof MarkupTooDeepError) throw new HttpError(422, tooDeep);
    throw error;
  }
}

/** The preview to store: the designer's SVG sanitised, or one drawn from the diagram when none came. */
export function previewOf(img: string | null | undefined, diagram: Diagram): string {
  if (img === null || img === undefined || img.trim() === '') return diagramPreviewSvg(diagram);
  const clean = withinDepth(() => sanitizeSvg(img, MARKUP_LIMITS), STRATEGY_MESSAGES.imgTooDeep);
  if (clean === null) throw new HttpError(422, STRATEGY_MESSAGES.imgNotSvg);
  return clean;
}

/** The description to store: its rich text sanitised (422 past the depth cap). */
export function descriptionOf(html: string): string {
  return withinDepth(() => sanitizeRichText(html, MARKUP_LIMITS), STRATEGY_MESSAGES.descriptionTooDeep);
}
