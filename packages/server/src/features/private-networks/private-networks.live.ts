import type { AppContext } from '../../app-context';
import { countSites } from './private-networks.repository';

/**
 * After sites of a network were written or deleted (and committed): the network screen hears
 * PrivateSiteAdded / PrivateSiteDeleted, the list hears countChanged with the new total.
 */
export async function publishSitesChanged(
  ctx: AppContext,
  target: { ownerId: number; networkId: number },
  name: 'PrivateSiteAdded' | 'PrivateSiteDeleted',
  count: number,
): Promise<void> {
  const live = ctx.live;
  if (!live) return;
  const total = await countSites(ctx.database.db, target.networkId);
  live.publish(target.ownerId, `private_network/${target.networkId}`, name, { privateNetworkId: target.networkId, count, total });
  live.publish(target.ownerId, 'private_networks', 'countChanged', { id: target.networkId, count: total });
}
