import { z } from 'zod';
import { DIAGRAM_MAX_CELLS } from '../constants/diagram';

/**
 * The stored strategy diagram (spec 2 §3 "Diagram element"): `{ "cells": [...] }`, where a cell is
 * a node (element) or a link. The shape is the original designer's, so a diagram it exported
 * imports as is: every object lets unknown fields through untouched (`looseObject`) and nothing is
 * defaulted, so parsing a document gives back a deep-equal document (it round-trips unchanged).
 *
 * A cell with a `source` or a `target` is a link; every other cell is a node. The graph rules
 * (one Money Site, one parent, no cycles, known kinds…) are checked by `validateDiagram`
 * (domain/diagram), which names the node; this schema checks the shape only.
 */
export const DIAGRAM_SCHEMA_MESSAGES = {
  notObject: 'A diagram is a JSON object with a list of cells: { "cells": [...] }',
  cellsRequired: 'A diagram needs its list of cells: { "cells": [...] }',
  tooManyCells: `A diagram holds at most ${DIAGRAM_MAX_CELLS} cells`,
  cellNotObject: 'Each cell of a diagram is an object',
  idRequired: 'Each cell of a diagram needs an id (text)',
  typeRequired: 'Each node of a diagram needs a type, like LinkLoom.Wiki',
  positionRequired: 'Each node of a diagram needs a position { x, y }',
  sizeRequired: 'Each node of a diagram needs a size { width, height }',
  linkEnds: 'Each link of a diagram needs source.id and target.id',
  badCustom: 'A node\'s custom fields are nameId (a whole number), projectName and profileName (text)',
  badModules: 'A Project node\'s modules are a list of { id, checked }',
} as const;
const M = DIAGRAM_SCHEMA_MESSAGES;

const CellIdSchema = z.string({ error: M.idRequired }).min(1, { error: M.idRequired }).max(200, { error: M.idRequired });

const PointSchema = z.looseObject({
  x: z.number({ error: M.positionRequired }),
  y: z.number({ error: M.positionRequired }),
}, { error: M.positionRequired });

const SizeSchema = z.looseObject({
  width: z.number({ error: M.sizeRequired }).nonnegative({ error: M.sizeRequired }),
  height: z.number({ error: M.sizeRequired }).nonnegative({ error: M.sizeRequired }),
}, { error: M.sizeRequired });

export const DiagramModuleSchema = z.looseObject({
  id: z.string({ error: M.badModules }),
  checked: z.boolean({ error: M.badModules }),
}, { error: M.badModules });
export type DiagramModule = z.infer<typeof DiagramModuleSchema>;

export const DiagramCustomSchema = z.looseObject({
  /** The node's number within its kind (lowest free number when it was added). */
  nameId: z.number({ error: M.badCustom }).int({ error: M.badCustom }).optional(),
  /** Its label: the kind's name plus ' (n)', or the account store name the inspector set. */
  projectName: z.string({ error: M.badCustom }).optional(),
  /** 'Account Store Name' of the inspector. */
  profileName: z.string({ error: M.badCustom }).nullable().optional(),
}, { error: M.badCustom });
export type DiagramCustom = z.infer<typeof DiagramCustomSchema>;

/** A node: `type` is `LinkLoom.{kind}` (constants/diagram DIAGRAM_KINDS). */
export const DiagramElementSchema = z.looseObject({
  type: z.string({ error: M.typeRequired }).min(1, { error: M.typeRequired }),
  id: CellIdSchema,
  position: PointSchema,
  size: SizeSchema,
  /** Drawing attributes of the designer (label text, colours…), kept as they are. */
  attrs: z.record(z.string(), z.unknown()).optional(),
  custom: DiagramCustomSchema.optional(),
  /** Project nodes only: the eight modules of PROJECT_NODE_MODULES, each ticked or not. */
  modules: z.array(DiagramModuleSchema, { error: M.badModules }).optional(),
}, { error: M.cellNotObject });
export type DiagramElement = z.infer<typeof DiagramElementSchema>;

const LinkEndSchema = z.looseObject({ id: CellIdSchema }, { error: M.linkEnds });

/** A link from a parent node (`source`) to its child (`target`): a node has at most one parent. */
export const DiagramLinkSchema = z.looseObject({
  type: z.string().optional(),
  id: CellIdSchema,
  source: LinkEndSchema,
  target: LinkEndSchema,
  attrs: z.record(z.string(), z.unknown()).optional(),
}, { error: M.cellNotObject });
export type DiagramLink = z.infer<typeof DiagramLinkSchema>;

export type DiagramCell = DiagramElement | DiagramLink;

/** True for a link (a cell with a source or a target), false for a node. */
export function isDiagramLink(cell: DiagramCell): cell is DiagramLink {
  return 'source' in cell || 'target' in cell;
}

function looksLikeLink(cell: unknown): boolean {
  return typeof cell === 'object' && cell !== null && ('source' in cell || 'target' in cell);
}

const CellsSchema = z
  .array(z.unknown(), { error: M.cellsRequired })
  .max(DIAGRAM_MAX_CELLS, { error: M.tooManyCells })
  .transform((cells, ctx) => {
    const parsed: DiagramCell[] = [];
    cells.forEach((cell, index) => {
      const result = (looksLikeLink(cell) ? DiagramLinkSchema : DiagramElementSchema).safeParse(cell);
      if (result.success) parsed.push(result.data);
      else for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path] });
    });
    return parsed;
  });

export const DiagramSchema = z.looseObject({ cells: CellsSchema }, { error: M.notObject });
export type Diagram = z.infer<typeof DiagramSchema>;
