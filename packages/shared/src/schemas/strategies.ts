import { z } from 'zod';
import { IdListSchema, IdSchema, PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';
import {
  DIAGRAM_COPY_PREFIX, DIAGRAM_IMPORT_MAX_FILES, DIAGRAM_MAX_CELLS, DIAGRAM_MAX_JSON_CHARS, STRATEGY_MARKUP_MAX_DEPTH,
} from '../constants/diagram';
import { StrategySummarySchema } from './strategy-summary';

export * from './strategy-summary';

/**
 * Strategies (diagrams) of spec 2 §7 "Strategies". The spec gives the name rule and the delete
 * confirmation; its §8 says "equivalents exist" for the failure texts of create, rename, clone,
 * delete, load and save without giving them, so these follow the wizard's wording.
 */
export const STRATEGY_MESSAGES = {
  nameRequired: 'Please enter diagram name',
  nameTooLong: 'Diagram name must be at most 512 characters',
  confirmDelete: 'Do you want to delete the selected diagrams?',
  descriptionTooLong: 'The description must be at most 1,000,000 characters',
  imgTooLong: 'The preview image must be at most 2,000,000 characters of SVG',
  imgNotSvg: 'The preview image must be SVG text (<svg …>…</svg>)',
  imgTooDeep: `The preview image nests elements more than ${STRATEGY_MARKUP_MAX_DEPTH} levels deep`,
  descriptionTooDeep: `The description nests elements more than ${STRATEGY_MARKUP_MAX_DEPTH} levels deep`,
  strategyTooLong: `The diagram is larger than ${DIAGRAM_MAX_JSON_CHARS / 1024 / 1024} MB of JSON`,
  idMismatch: 'The id in the body is not the id of the diagram in the path',
  /** Built-in diagrams can only be cloned (spec 2 §2, §6). */
  builtinRename: 'Built-in diagrams cannot be renamed: clone it and rename the copy',
  builtinSave: 'Built-in diagrams cannot be changed: clone it and edit the copy',
  builtinDelete: 'Built-in diagrams cannot be deleted',
  builtinExport: 'Built-in diagrams cannot be downloaded: clone it and download the copy',
  invalidDiagram: (problems: string[]) => `The diagram cannot be saved: ${problems.join('; ')}`,
  noFiles: 'Choose diagram files (.json) or a ZIP of them to upload (form field "file")',
  notDiagramFile: 'Only diagram files (.json) or ZIP files of them can be imported',
  nothingImported: 'No diagram was imported',
  tooManyFiles: `One upload imports at most ${DIAGRAM_IMPORT_MAX_FILES} diagrams: nothing was imported; upload them in smaller batches`,
  /** The import dialog's hint: what one upload may hold. */
  importHint: `Diagrams exported by the designer (Download), one per file, or a ZIP of them: at most ${DIAGRAM_IMPORT_MAX_FILES} diagrams per upload, ${DIAGRAM_MAX_CELLS} cells each.`,
  // Toasts (spec 2 §8 equivalents)
  createFailed: 'Failed to create new diagram. Unknown error',
  renameFailed: 'Failed to rename the diagram. Unknown error',
  cloneFailed: 'Failed to clone the diagram. Unknown error',
  deleteFailed: 'Failed to delete selected diagrams. Unknown error',
  loadFailed: 'Failed to load diagrams. Unknown error',
  getFailed: 'Failed to get the diagram. Unknown error',
  saveFailed: 'Failed to save the diagram. Unknown error',
  importFailed: 'Failed to import the diagrams. Unknown error',
  created: 'created a new diagram',
  renamed: 'rename the diagram',
  cloned: 'cloned the diagram',
  deleted: 'deleted selected diagrams',
  saved: 'saved the diagram',
  imported: 'imported the diagrams',
} as const;
const M = STRATEGY_MESSAGES;

/** 'Copy of ' plus the name: what the Clone dialog proposes. */
export function strategyCopyName(name: string): string {
  return `${DIAGRAM_COPY_PREFIX}${name}`;
}

export const StrategyNameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired })
  .max(512, { error: M.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** Rich text of the Description tab; the server sanitises it before storing it. */
export const StrategyDescriptionSchema = z.string().max(1_000_000, { error: M.descriptionTooLong }).refine(isPlainText, PLAIN_TEXT_RULE);
/** The preview as SVG text (the designer's export); the server sanitises it. */
export const StrategyImgSchema = z.string().max(2_000_000, { error: M.imgTooLong }).refine(isPlainText, PLAIN_TEXT_RULE);
/** The diagram as JSON text (`{ "cells": [...] }`, schemas/diagram.ts); checked with readDiagramText. */
export const StrategyDiagramTextSchema = z.string().max(DIAGRAM_MAX_JSON_CHARS, { error: M.strategyTooLong });

/**
 * One strategy with its diagram (spec 2 §3 "Strategy"): `strategy` is the diagram's JSON text and
 * `img` the preview as SVG text, as the spec has it (issue 38: a client sends back what it read, a
 * rename of the original's included), unlike the lists' rows whose `img` is the preview's address.
 * `previewUrl` is that address (strategyPreviewPath), for showing it with <img>; null when none.
 */
export const StrategySchema = StrategySummarySchema.extend({
  description: z.string(),
  strategy: z.string(),
  previewUrl: z.string().nullable(),
});
export type Strategy = z.infer<typeof StrategySchema>;

/** GET /rest/strategies: the user's diagrams and the built-in ones, by name. */
export const StrategyListResponseSchema = z.object({ strategies: z.array(StrategySummarySchema) });

/** GET /rest/strategies/{id}/preview: `v`, the version the address was given with (strategyPreviewPath). */
export const StrategyPreviewQuerySchema = z.object({ v: z.string().max(64).optional() });
export type StrategyListResponse = z.infer<typeof StrategyListResponseSchema>;

/** GET /rest/strategies/{id}. */
export const StrategyResponseSchema = z.object({ strategy: StrategySchema });
export type StrategyResponse = z.infer<typeof StrategyResponseSchema>;

/**
 * POST /rest/strategies (New Diagram, or a save of the designer's content as a new diagram):
 * without `strategy` the diagram is the default one (a single Money Site).
 */
export const StrategyCreateSchema = z.object({
  name: StrategyNameSchema,
  description: StrategyDescriptionSchema.nullish(),
  img: StrategyImgSchema.nullish(),
  strategy: StrategyDiagramTextSchema.nullish(),
});
export type StrategyCreate = z.infer<typeof StrategyCreateSchema>;

/**
 * PUT /rest/strategies/{id}: save (name, description, img, strategy) or rename, which sends null
 * for strategy and description and keeps them (a null img keeps the preview too). Without an img
 * the server draws the preview from the diagram. An `img` that is this strategy's own preview
 * address (strategyPreviewLinkId) keeps the preview unchanged, so what GET answered, or a list row,
 * can be sent back as it is; other keys of it (type, previewUrl) are ignored.
 */
export const StrategyUpdateSchema = z.object({
  id: IdSchema.optional(),
  name: StrategyNameSchema,
  description: StrategyDescriptionSchema.nullish(),
  img: StrategyImgSchema.nullish(),
  strategy: StrategyDiagramTextSchema.nullish(),
});
export type StrategyUpdate = z.infer<typeof StrategyUpdateSchema>;

/** POST /rest/delete/strategies. */
export const StrategyDeleteSchema = z.object({ ids: IdListSchema });
export type StrategyDelete = z.infer<typeof StrategyDeleteSchema>;

/** POST /action/duplicate/strategy: clone (a built-in one too) under a new name. */
export const StrategyDuplicateSchema = z.object({ id: IdSchema, name: StrategyNameSchema });
export type StrategyDuplicate = z.infer<typeof StrategyDuplicateSchema>;

/** One refused file of an import (a file inside a ZIP is named `zip/inner.json`). */
export const StrategyImportProblemSchema = z.object({ file: z.string(), message: z.string() });

/** POST /action/import/strategies (multipart field `file`, several files or ZIPs). */
export const StrategyImportResponseSchema = z.object({
  imported: z.array(StrategySummarySchema),
  errors: z.array(StrategyImportProblemSchema),
});
export type StrategyImportResponse = z.infer<typeof StrategyImportResponseSchema>;

/** Name of the file GET /action/export/strategies/{id} sends. */
export function strategyFileName(name: string): string {
  const safe = [...name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').replace(/_+/g, '_').trim() || 'diagram';
  return `${safe}.json`;
}

/** The diagram's name an imported file gives: its name without folder and `.json`. */
export function strategyNameOfFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.json$/i, '').trim() || 'Imported diagram';
}
