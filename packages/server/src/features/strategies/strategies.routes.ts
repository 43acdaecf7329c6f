import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ErrorResponseSchema, IdParamsSchema, OkResponseSchema, STRATEGY_MESSAGES, StrategyCreateSchema, StrategyDeleteSchema,
  StrategyDuplicateSchema, StrategyImportResponseSchema, StrategyListResponseSchema, StrategyPreviewQuerySchema, StrategyResponseSchema, StrategySummarySchema,
  StrategyUpdateSchema, defaultDiagram, strategyFileName, strategyPreviewLinkId, type Strategy,
} from '@linkloom/shared';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { currentUser } from '../../platform/auth/session.plugin';
import { sendAttachment, sendInline } from '../../platform/files/download';
import { ForbiddenError, HttpError, NotFoundError } from '../../platform/http/errors';
import { builtinStrategy, isBuiltinStrategyId } from './builtin-strategies';
import { listUserStrategies } from './list-user-strategies';
import { deleteStrategies, findStrategy, findStrategyPreview, insertStrategies, updateStrategy } from './strategies.repository';
import { builtinPreviewVersion, presentBuiltin, presentStrategy, presentStrategySummary } from './strategies.presenter';
import { descriptionOf, previewOf, requireDiagram } from './strategy-input';
import { importStrategies } from './import-strategies';

const tags = ['strategies'];
const errors = { 403: ErrorResponseSchema, 404: ErrorResponseSchema, 422: ErrorResponseSchema };

/** A built-in strategy or one of the user's; 404 for anything else (another user's included). */
async function loadStrategy(db: Kysely<DB>, ownerId: number, id: number): Promise<Strategy> {
  const builtin = builtinStrategy(id);
  if (builtin) return presentBuiltin(builtin);
  const row = isBuiltinStrategyId(id) ? undefined : await findStrategy(db, ownerId, id);
  if (!row) throw new NotFoundError();
  return presentStrategy(row);
}

/** Strategy diagrams (spec 2 §7 "Strategies"). Built-in ones can only be read and cloned. */
export const strategyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const publish = ctx.live?.publish;

  app.get('/rest/strategies', {
    schema: { tags, summary: 'The built-in strategies and the user\'s, by name, with their preview', response: { 200: StrategyListResponseSchema } },
  }, async (request) => ({ strategies: await listUserStrategies(db, currentUser(request).id) }));

  app.get('/rest/strategies/:id', {
    schema: { tags, summary: 'One strategy with its diagram (JSON text) and description', params: IdParamsSchema, response: { 200: StrategyResponseSchema, ...errors } },
  }, async (request) => ({ strategy: await loadStrategy(db, currentUser(request).id, request.params.id) }));

  app.get('/rest/strategies/:id/preview', {
    schema: {
      tags, summary: 'The preview picture of a built-in strategy or of one of the user\'s (SVG; the lists give its address with its version)',
      params: IdParamsSchema, querystring: StrategyPreviewQuerySchema,
      response: { 200: { description: 'The picture (SVG)', content: { 'image/svg+xml': { schema: { type: 'string' } } } }, 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const builtin = builtinStrategy(id);
    const found = builtin ? { svg: builtin.svg, version: builtinPreviewVersion(builtin) }
      : isBuiltinStrategyId(id) ? undefined : await findStrategyPreview(db, currentUser(request).id, id);
    if (!found) throw new NotFoundError();
    // The address names the version: kept by the browser (this user's only) while it is the
    // current one, asked again otherwise (an address from before the last save).
    const current = request.query.v === String(found.version);
    return sendInline(reply, { contentType: 'image/svg+xml', body: found.svg, cacheControl: current ? 'private, max-age=31536000, immutable' : 'private, no-cache' });
  });

  app.post('/rest/strategies', {
    schema: {
      tags, summary: 'New diagram: the default one (a Money Site) unless a diagram is sent; refused when it breaks a diagram rule',
      body: StrategyCreateSchema, response: { 200: StrategySummarySchema, ...errors },
    },
  }, async (request) => {
    const user = currentUser(request);
    const { name, description, img, strategy } = request.body;
    const { diagram, text } = strategy === null || strategy === undefined
      ? (() => { const d = defaultDiagram(randomUUID()); return { diagram: d, text: JSON.stringify(d) }; })()
      : requireDiagram(strategy);
    const [row] = await insertStrategies(db, user.id, [{ name, description: descriptionOf(description ?? ''), diagram: text, img: previewOf(img, diagram) }]);
    const created = presentStrategySummary(row!);
    publish?.(user.id, 'strategies', 'add', created);
    return created;
  });

  app.put('/rest/strategies/:id', {
    schema: {
      tags, summary: 'Save a diagram (name, description, preview, diagram) or rename it (null diagram and description keep them)',
      params: IdParamsSchema, body: StrategyUpdateSchema, response: { 200: StrategySummarySchema, ...errors },
    },
  }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    const { name, description, img, strategy } = request.body;
    if (request.body.id !== undefined && request.body.id !== id) throw new HttpError(422, STRATEGY_MESSAGES.idMismatch);
    const rename = (strategy === null || strategy === undefined) && (description === null || description === undefined);
    if (builtinStrategy(id)) throw new ForbiddenError(rename ? STRATEGY_MESSAGES.builtinRename : STRATEGY_MESSAGES.builtinSave);
    const row = isBuiltinStrategyId(id) ? undefined : await findStrategy(db, user.id, id);
    if (!row) throw new NotFoundError();
    // This strategy's own preview address (what the lists, and GET before issue 38, answer): unchanged.
    const keepsPreview = img !== null && img !== undefined && strategyPreviewLinkId(img) === id;
    const fields: { name: string; description?: string; diagram?: string; img?: string } = { name };
    if (description !== null && description !== undefined) fields.description = descriptionOf(description);
    if (strategy !== null && strategy !== undefined) {
      const { diagram, text } = requireDiagram(strategy);
      fields.diagram = text;
      // A kept preview stays; with none stored yet, one is drawn from the diagram as without an img.
      if (!keepsPreview || row.img === null) fields.img = previewOf(keepsPreview ? null : img, diagram);
    } else if (img !== null && img !== undefined && !keepsPreview) {
      fields.img = previewOf(img, requireDiagram(row.diagram).diagram);
    }
    const version = await updateStrategy(db, user.id, id, fields);
    if (version === undefined) throw new NotFoundError();
    const saved = presentStrategySummary({ id, name, previewVersion: (fields.img ?? row.img) === null ? null : version });
    if (rename && fields.img === undefined) publish?.(user.id, 'strategies', 'rename', { id, name });
    else publish?.(user.id, 'strategies', 'save', saved);
    return saved;
  });

  app.post('/rest/delete/strategies', {
    schema: { tags, summary: "Delete the user's diagrams (built-in ones cannot be deleted)", body: StrategyDeleteSchema, response: { 200: OkResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { ids } = request.body;
    if (ids.some((id) => builtinStrategy(id))) throw new ForbiddenError(STRATEGY_MESSAGES.builtinDelete);
    if (ids.some(isBuiltinStrategyId) || !(await deleteStrategies(db, user.id, ids))) throw new NotFoundError();
    publish?.(user.id, 'strategies', 'delete', { ids: [...new Set(ids)] });
    return { ok: true as const };
  });

  app.post('/action/duplicate/strategy', {
    schema: { tags, summary: "Clone a diagram (a built-in one too) under a new name ('Copy of ' + name is proposed)", body: StrategyDuplicateSchema, response: { 200: StrategySummarySchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const source = await loadStrategy(db, user.id, request.body.id);
    const builtin = builtinStrategy(request.body.id);
    const img = builtin ? builtin.svg : (await findStrategy(db, user.id, request.body.id))?.img ?? null;
    const [row] = await insertStrategies(db, user.id, [{
      name: request.body.name, description: source.description, diagram: source.strategy,
      img: img ?? previewOf(null, requireDiagram(source.strategy).diagram),
    }]);
    const created = presentStrategySummary(row!);
    publish?.(user.id, 'strategies', 'add', created);
    return created;
  });

  app.get('/action/export/strategies/:id', {
    schema: { tags, summary: 'Download a diagram as its JSON file ({name}.json; built-in ones cannot be downloaded)', params: IdParamsSchema, response: errors },
  }, async (request, reply) => {
    const { id } = request.params;
    if (builtinStrategy(id)) throw new ForbiddenError(STRATEGY_MESSAGES.builtinExport);
    const row = isBuiltinStrategyId(id) ? undefined : await findStrategy(db, currentUser(request).id, id);
    if (!row) throw new NotFoundError();
    return sendAttachment(reply, { filename: strategyFileName(row.name), contentType: 'application/json; charset=utf-8', body: row.diagram });
  });

  app.post('/action/import/strategies', {
    schema: {
      tags, summary: 'Import diagrams: several JSON files and/or ZIPs of them (multipart field file); refused files are listed',
      response: { 200: StrategyImportResponseSchema, 400: ErrorResponseSchema, 406: ErrorResponseSchema, 413: ErrorResponseSchema, ...errors },
    },
  }, async (request) => importStrategies(ctx, request, currentUser(request).id));
};
