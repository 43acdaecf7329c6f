import { DIAGRAM_MAX_JSON_CHARS, DIAGRAM_MAX_NESTING } from '../../constants/diagram';
import { DiagramSchema, type Diagram } from '../../schemas/diagram';
import { validateDiagram, type DiagramProblem } from './graph';
import { jsonNestsDeeperThan } from './json-nesting';

export const DIAGRAM_TEXT_MESSAGES = {
  notJson: 'The diagram is not JSON: it should be a diagram exported by the designer ({ "cells": [...] })',
  tooLarge: `The diagram is larger than ${DIAGRAM_MAX_JSON_CHARS / 1024 / 1024} MB of JSON`,
  tooDeep: `The diagram nests objects and lists more than ${DIAGRAM_MAX_NESTING} levels deep`,
} as const;

export type DiagramReadResult =
  | { ok: true; diagram: Diagram }
  | { ok: false; problems: DiagramProblem[] };

/** A diagram already parsed from JSON: its shape, then its rules (validateDiagram). */
export function checkDiagram(value: unknown): DiagramReadResult {
  const parsed = DiagramSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const cell = issue.path[0] === 'cells' && typeof issue.path[1] === 'number' ? `Cell ${issue.path[1] + 1}: ` : '';
      return { nodeId: null, message: `${cell}${issue.message}` };
    });
    return { ok: false, problems: dedupe(problems) };
  }
  const problems = validateDiagram(parsed.data);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, diagram: parsed.data };
}

/**
 * A diagram's JSON text (a saved `strategy` or an imported file): size, nesting, JSON, shape and
 * rules. The size and the nesting are measured on the text, in one pass, before it is parsed.
 */
export function readDiagramText(text: string): DiagramReadResult {
  if (text.length > DIAGRAM_MAX_JSON_CHARS) return { ok: false, problems: [{ nodeId: null, message: DIAGRAM_TEXT_MESSAGES.tooLarge }] };
  if (jsonNestsDeeperThan(text, DIAGRAM_MAX_NESTING)) return { ok: false, problems: [{ nodeId: null, message: DIAGRAM_TEXT_MESSAGES.tooDeep }] };
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return { ok: false, problems: [{ nodeId: null, message: DIAGRAM_TEXT_MESSAGES.notJson }] };
  }
  return checkDiagram(value);
}

function dedupe(problems: DiagramProblem[]): DiagramProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => (seen.has(p.message) ? false : (seen.add(p.message), true)));
}
