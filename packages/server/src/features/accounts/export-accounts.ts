import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { csvLine } from '../../platform/files/csv';
import { NotFoundError } from '../../platform/http/errors';
import { accountsAfter, findProfileWithCampaign, type ProfileWithCampaignRow } from './accounts.repository';

/** The export's columns: the same the import reads (its header row is recognised). */
export const EXPORT_HEADER = ['site', 'email', 'username', 'password'] as const;

export interface CsvExport {
  filename: string;
  body: Readable;
}

/** One profile's rows as CSV lines, a batch at a time (keyset by id: no whole-profile buffering). */
async function* profileLines(db: Kysely<DB>, profile: ProfileWithCampaignRow, withProfileColumn: boolean): AsyncGenerator<string> {
  for await (const batch of inBatches((afterId, limit) => accountsAfter(db, profile.id, afterId, limit))) {
    yield batch.map((row) => csvLine(withProfileColumn
      ? [row.site_name, row.email, row.username, row.password, profile.name]
      : [row.site_name, row.email, row.username, row.password])).join('');
  }
}

/** GET /action/export/profile/{id}: `{profile name}_accounts.csv`, streamed and formula-neutralised. */
export async function exportProfile(db: Kysely<DB>, ownerId: number, profileId: number): Promise<CsvExport> {
  const profile = await findProfileWithCampaign(db, profileId, ownerId);
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(EXPORT_HEADER);
    yield* profileLines(db, profile, false);
  }
  return { filename: `${profile.name}_accounts.csv`, body: Readable.from(lines()) };
}

/**
 * POST /action/export/profiles/{campaignId}: several profiles of one campaign in one CSV with a
 * `profile` column, named `{campaign name}_accounts.csv`. Any id that is not a profile of this
 * user's campaign answers 404 and nothing is sent.
 */
export async function exportProfiles(db: Kysely<DB>, ownerId: number, campaignId: number, profileIds: readonly number[]): Promise<CsvExport> {
  const campaign = await db.selectFrom('campaigns').select(['id', 'name'])
    .where('id', '=', campaignId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!campaign) throw new NotFoundError();
  const profiles: ProfileWithCampaignRow[] = [];
  for (const id of new Set(profileIds)) {
    const profile = await findProfileWithCampaign(db, id, ownerId);
    if (profile.campaign_id !== campaignId) throw new NotFoundError();
    profiles.push(profile);
  }
  async function* lines(): AsyncGenerator<string> {
    yield csvLine([...EXPORT_HEADER, 'profile']);
    for (const profile of profiles) yield* profileLines(db, profile, true);
  }
  return { filename: `${campaign.name}_accounts.csv`, body: Readable.from(lines()) };
}
