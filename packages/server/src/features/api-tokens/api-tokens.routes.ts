import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  API_TOKEN_MESSAGES, ApiTokenListResponseSchema, CreateApiTokenBodySchema, CreateApiTokenResponseSchema, ErrorResponseSchema,
  IdParamsSchema, RevokeApiTokenResponseSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { presentApiToken } from './api-tokens.presenter';
import { deleteApiToken, insertApiToken, listApiTokens } from './api-tokens.repository';

const tags = ['api tokens'];
/** Tokens are managed from a signed-in browser session only (the session plugin answers 403 to a token). */
const config = { sessionOnly: true };
const refusals = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The API tokens screen: list, create (the secret shown once) and revoke the user's personal tokens. */
export const apiTokenRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;

  app.get('/rest/api_tokens', {
    config,
    schema: {
      tags, summary: 'Your personal API tokens, newest first (never their secrets); browser session only',
      response: { 200: ApiTokenListResponseSchema, ...refusals },
    },
  }, async (request) => ({ tokens: (await listApiTokens(db, currentUser(request).id)).map(presentApiToken) }));

  app.post('/rest/api_tokens', {
    config,
    schema: {
      tags, summary: 'Create a personal API token; the answer carries its secret, shown this once (only its hash is stored); browser session only',
      body: CreateApiTokenBodySchema, response: { 201: CreateApiTokenResponseSchema, ...refusals, 422: ErrorResponseSchema },
    },
  }, async (request, reply) => {
    const { row, secret } = await insertApiToken(db, currentUser(request).id, request.body.name);
    return reply.code(201).send({ token: presentApiToken(row), secret });
  });

  app.delete('/rest/api_tokens/:id', {
    config,
    schema: {
      tags, summary: 'Revoke one of your API tokens: calls with it are refused from now on; browser session only',
      params: IdParamsSchema, response: { 200: RevokeApiTokenResponseSchema, ...refusals, 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    if (!(await deleteApiToken(db, currentUser(request).id, request.params.id))) throw new NotFoundError(API_TOKEN_MESSAGES.notFound);
    return { id: request.params.id };
  });
};
