import { MAX_PROXIES_PER_ADD, PROXY_MESSAGES, parseProxyList, type AddProxiesBody, type ProxyRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { lineErrors } from './line-errors';
import { presentProxy } from './options.presenter';
import { upsertProxies } from './proxies.repository';

/**
 * POST /rest/proxies: every line must be a proxy (`ip:port` or `ip:port:username:password`), or
 * nothing is written (422 naming the bad lines). Proxies are added, or updated by address and
 * port; the table hears proxyStatusChanged with the rows written.
 */
export async function addProxies(ctx: AppContext, ownerId: number, body: AddProxiesBody): Promise<ProxyRow[]> {
  const { proxies, errors } = parseProxyList(body);
  if (errors.length > 0) throw lineErrors(errors);
  if (proxies.length === 0) throw new HttpError(422, PROXY_MESSAGES.required);
  if (proxies.length > MAX_PROXIES_PER_ADD) throw new HttpError(422, PROXY_MESSAGES.tooMany);
  const written = await ctx.database.db.transaction().execute((trx) => upsertProxies(trx, ownerId, proxies));
  const rows = written.map(presentProxy);
  ctx.live?.publish(ownerId, 'proxies', 'proxyStatusChanged', { proxies: rows });
  return rows;
}
