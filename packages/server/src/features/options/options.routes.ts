import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, OPTIONS_MESSAGES, OptionsResponseSchema, SaveOptionsResponseSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { readOptions } from './options.repository';
import { listProxies } from './proxies.repository';
import { listBlockedSites } from './blocked-sites.repository';
import { readProxyMonitor } from './proxy-monitor.repository';
import { presentBlockedSite, presentProxy } from './options.presenter';
import { saveUserOptions } from './save-options';
import { proxyRoutes } from './proxies.routes';
import { blockedSiteRoutes } from './blocked-sites.routes';
import { captchaBalanceRoutes } from './captcha-balance.routes';

const tags = ['options'];

// The rules depend on the account (privileged limits), so save-options.ts validates; the route
// only insists on an object.
const OptionsBodySchema = z.record(z.string(), z.unknown(), { error: OPTIONS_MESSAGES.notAnObject })
  .describe("Any subset of the options (OptionsSchema); keys left out keep their saved value; the original product's keys LinkLoom has not are ignored (listed in `ignored`), other unknown keys are refused");

/** The options area of spec 3 section 7: options, proxies and blocked sites. */
export const optionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/options', {
    schema: { tags, summary: "The user's options (saved values over the defaults), proxies, blocked sites and the proxy monitor's state", response: { 200: OptionsResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const [{ options, privileged }, proxies, blockedSites, proxyMonitorState] = await Promise.all([
      readOptions(db, userId), listProxies(db, userId), listBlockedSites(db, userId), readProxyMonitor(db, userId),
    ]);
    return {
      options, privileged,
      proxies: proxies.map(presentProxy),
      blockedSites: blockedSites.map(presentBlockedSite),
      proxyMonitorState,
    };
  });

  app.post('/rest/options', {
    schema: {
      tags, summary: "Save options: 422 with the spec message of the first broken rule (every one in details); nothing is saved then. The original product's option keys are ignored and listed in `ignored`",
      body: OptionsBodySchema, response: { 200: SaveOptionsResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const { options, ignored } = await saveUserOptions(ctx, currentUser(request).id, request.body);
    return ignored.length > 0 ? { options, ignored } : { options };
  });

  await proxyRoutes(app, ctx);
  await blockedSiteRoutes(app, ctx);
  await captchaBalanceRoutes(app, ctx);
};
