import type { Kysely } from 'kysely';
import { MODULES, UNSUPPORTED_MODULES, ownSiteServesModule, platformPublishes, platformsFor, PLATFORM_UNKNOWN, type ModuleCapability, type ModuleId } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

/** The modules a posting project can have (Account Creation and Indexer publish nothing of their own). */
const PUBLISHING_MODULES = (Object.keys(MODULES) as ModuleId[]).filter((module) => module !== 'AccountCreation' && module !== 'Indexer');

/**
 * Per module: the platforms that publish it and how many of the user's sites can (issue 37 item 6).
 * Reads the user's sites grouped by module, platform and verdict (two small grouped reads).
 */
export async function readPublishingCapabilities(db: Kysely<DB>, ownerId: number): Promise<ModuleCapability[]> {
  const groups = [
    ...(await db.selectFrom('custom_sites').select((eb) => ['module', 'platform', 'status', eb.fn.countAll<number | string>().as('n')])
      .where('owner_id', '=', ownerId).groupBy(['module', 'platform', 'status']).execute()),
    ...(await db.selectFrom('private_sites').select((eb) => ['module', 'platform', 'status', eb.fn.countAll<number | string>().as('n')])
      .where('owner_id', '=', ownerId).groupBy(['module', 'platform', 'status']).execute()),
  ];
  return PUBLISHING_MODULES.map((module) => {
    let sites = 0;
    let unverified = 0;
    for (const group of groups) {
      const n = Number(group.n);
      // A platform not known yet (a custom site before the verifier) is counted apart; a private
      // network's site is WordPress from its line, and posted to before any verification.
      if (group.platform === PLATFORM_UNKNOWN) {
        if (group.module === module) unverified += n;
      } else if (group.status !== 'FAILED' && ownSiteServesModule(group, module) && platformPublishes(group.platform, module)) {
        sites += n;
      }
    }
    return { module, label: MODULES[module], platforms: platformsFor(module), unsupported: UNSUPPORTED_MODULES[module] ?? null, sites, unverified };
  });
}
