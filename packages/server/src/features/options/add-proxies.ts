import { MAX_PROXIES_PER_ADD, PROXY_MESSAGES, listLineErrors, parseProxyList, type AddProxiesBody, type ProxyRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { lineErrors } from './line-errors';
import { presentProxy } from './options.presenter';
import { upsertProxies } from './proxies.repository';

/**
 * POST /rest/proxies: each line a proxy (`ip:port` or `ip:port:username:password`). The good lines
 * are written and the bad ones refused by their number (issue 39 item 4: one bad line no longer
 * loses the rest); a list without one good line is refused whole (422 naming the bad lines).
 * Proxies are added, or updated by address and port; the table hears proxyStatusChanged with the
 * rows written.
 */
export async function addProxies(ctx: AppContext, ownerId: number, body: AddProxiesBody): Promise<{ proxies: ProxyRow[]; errorList: string[] }> {
  const { proxies, errors } = parseProxyList(body);
  if (proxies.length === 0) throw errors.length > 0 ? lineErrors(errors) : new HttpError(422, PROXY_MESSAGES.required);
  if (proxies.length > MAX_PROXIES_PER_ADD) throw new HttpError(422, PROXY_MESSAGES.tooMany);
  const written = await ctx.database.db.transaction().execute((trx) => upsertProxies(trx, ownerId, proxies));
  const rows = written.map(presentProxy);
  ctx.live?.publish(ownerId, 'proxies', 'proxyStatusChanged', { proxies: rows });
  return { proxies: rows, errorList: listLineErrors(errors) };
}
