import fs from 'node:fs';
import { setOutboundPolicy } from './platform/egress/outbound-policy';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import type { AppConfig } from './platform/config';
import { REPO_ROOT } from './platform/config';
import type { Database } from './platform/db/dialect';
import { csrfPlugin } from './platform/auth/csrf.plugin';
import { sessionPlugin } from './platform/auth/session.plugin';
import { registerErrorHandler, registerNotFoundHandler } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerOpenApi } from './platform/http/openapi';
import { registerSuccessEnvelope } from './platform/http/success-envelope';
import { answerSerializerCompiler } from './platform/http/compiled-serializer';
import { registerPlainTextCheck } from './platform/http/plain-text';
import { registerUploads } from './platform/files/upload';
import { registerWebApp } from './platform/web/web-app.plugin';
import { registerDocuments } from './platform/web/documents.routes';
import { createLive } from './platform/live/live-server';
import { FEATURE_ROUTES } from './features/registry';
import { createQueue } from './engine/queue/create-queue';
import { realClock, type Clock } from './platform/clock';
import { JOB_PAYLOADS } from './engine/jobs/job-names';
import { registerJobs, startEngine } from './engine/jobs/engine';
import { recheckFlowOf } from './engine/verify/recheck-flow';

export const VERSION: string = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version ?? '0.0.0';

/** Paths that anyone may read: the API description and its assets. */
const PUBLIC_PREFIXES = ['/docs'];

export interface RouteEntry {
  method: string;
  url: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  /** Every route as registered: tests walk them all (CSRF, owner checks). */
  routes: RouteEntry[];
}

export interface BuildOptions {
  /** Attach the Socket.IO channel to the HTTP server (default true; tests using inject may skip it). */
  withLive?: boolean;
  /** Start taking jobs once built (default false: `serve` starts the engine after listening). */
  startEngine?: boolean;
  /** The engine's clock (default: wall time); only tests hand another (test/support/compressed-clock.ts). */
  clock?: Clock;
}

/** How long closing the app waits for running jobs before putting them back to wait. */
const ENGINE_STOP_TIMEOUT_MS = 8_000;

/**
 * Builds the whole server from its plugins and feature routes. The caller owns the database.
 * The job queue (`context.queue`) gets every handler of engine/jobs/registry.ts here (a job name
 * without one stops the build); it takes jobs once `startEngine` runs, and stops when the app closes.
 */
export async function buildApp(config: AppConfig, database: Database, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request only when debugging; failures are logged by the error handler. (Through
    // a log controller: the top-level disableRequestLogging option is deprecated, FSTDEP023.)
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // One route, however its path is spelled: `//action/x/`, `/Action/x` and `/%61ction/x` reach the
    // route `/action/x` registered, so what a route requires (CSRF token, session, owner) applies
    // to every spelling of it (platform/auth/csrf.plugin.ts decides from the matched route).
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true, caseSensitive: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(config.responseCheck));
  registerErrorHandler(app, config.uploadMaxMb);
  registerPlainTextCheck(app);

  // Every outbound connection to a user- or site-supplied address checks this (platform/egress).
  setOutboundPolicy(config.outboundAllow);
  const queue = createQueue(database, JOB_PAYLOADS, { logger: app.log, leaseSeconds: config.queueLeaseSeconds });
  const context: AppContext = { config, database, live: undefined, queue, version: VERSION, clock: options.clock ?? realClock };
  registerJobs(context);
  if (options.withLive !== false) context.live = await createLive(app.server, database, app.log);

  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    if (PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) route.config = { ...route.config, public: true };
  });

  // helmet's headers, computed once: the product is served over plain HTTP on a LAN by default, so no
  // upgrade-insecure-requests, and HSTS only on responses that really went out over HTTPS.
  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(csrfPlugin, { secureCookie: config.cookieSecure });
  await app.register(sessionPlugin, { db: database.db, sqlite: database.sqlite, tokenRequestsPerMinute: config.apiTokenRequestsPerMinute });
  await registerUploads(app, config.uploadMaxMb);
  registerNotFoundHandler(app);
  registerSuccessEnvelope(app);
  registerOpenApi(app, VERSION);

  for (const routes of FEATURE_ROUTES) await app.register(routes, context);

  registerDocuments(app);
  await registerWebApp(app, { webDist: config.webDist, version: VERSION, latestVersion: config.latestVersion, hideRemoteOcr: config.hideRemoteOcr });

  // preClose runs before the HTTP server stops listening and waits for its connections.
  app.addHook('preClose', async () => {
    await context.live?.close();
  });
  // Running jobs get a few seconds to finish; the ones still going are put back to wait.
  app.addHook('onClose', async () => {
    await recheckFlowOf(context).stop();
    await queue.stop({ graceful: true, timeoutMs: ENGINE_STOP_TIMEOUT_MS });
  });
  if (options.startEngine) await startEngine(context, app.log);
  return { app, context, routes };
}
