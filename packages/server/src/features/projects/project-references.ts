import type { Kysely } from 'kysely';
import type { ContentProjectForm } from '@linkloom/shared';
import type { DB, OwnedTable } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import type { KindForm } from './project-settings';

type ReferenceTable = Extract<OwnedTable, 'campaigns' | 'profiles' | 'url_lists' | 'content_groups' | 'private_networks'>;

/** One id a project form points at, the table it must be the user's row of, and how a user calls it. */
interface Reference {
  table: ReferenceTable;
  id: number | null;
  label: string;
}

function contentReferences(kind: 'postingproject' | 'privateproject', form: ContentProjectForm): Reference[] {
  // A private project's form has no campaign choice, but a sent one is stored with the form: it
  // must be the user's too, like every id a save carries.
  return [
    { table: 'campaigns', id: form.selectedCampaignId, label: 'The selected campaign' },
    kind === 'postingproject'
      ? { table: 'profiles', id: form.profileId, label: 'The account profile' }
      : { table: 'private_networks', id: form.profileId, label: 'The private network' },
    { table: 'url_lists', id: form.urlListId, label: 'The output link set' },
    { table: 'content_groups', id: form.contentGroupId, label: 'The content bucket' },
    ...form.linkSetProfiles.map((profile): Reference => ({ table: 'url_lists', id: profile.linkSetId, label: 'The input link set' })),
  ];
}

/** Every id a form points at. */
function referencesOf(project: KindForm): Reference[] {
  switch (project.kind) {
    case 'acproject': return [{ table: 'profiles', id: project.form.profileId, label: 'The account profile' }];
    case 'indexerproject': return [{ table: 'url_lists', id: project.form.linkSetId, label: 'The URL list' }];
    default: return contentReferences(project.kind, project.form);
  }
}

/** Of these ids, the user's rows of the table with their names (one query). */
async function ownedNames(db: Kysely<DB>, table: ReferenceTable, ownerId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table as ReferenceTable).select(['id', 'name'])
    .where('owner_id', '=', ownerId).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Each referenced table's rows among the ids, by table: one query per table. */
async function lookUp(db: Kysely<DB>, ownerId: number, references: readonly Reference[]): Promise<(table: ReferenceTable, id: number) => string | undefined> {
  const byTable = new Map<ReferenceTable, number[]>();
  for (const { table, id } of references) if (id !== null) byTable.set(table, [...(byTable.get(table) ?? []), id]);
  const found = new Map<ReferenceTable, Map<number, string>>();
  for (const [table, ids] of byTable) found.set(table, await ownedNames(db, table, ownerId, ids));
  return (table, id) => found.get(table)?.get(id);
}

/** A save may only point at the user's own rows: 404 naming the first one that is not (another user's looks missing). */
export async function assertReferencesOwned(db: Kysely<DB>, ownerId: number, project: KindForm): Promise<void> {
  const references = referencesOf(project);
  const nameOf = await lookUp(db, ownerId, references);
  const missing = references.find((ref) => ref.id !== null && nameOf(ref.table, ref.id) === undefined);
  if (missing) throw new NotFoundError(`${missing.label} (id ${missing.id}) does not exist`);
}

/**
 * A stored form as the screen shows it: ids of rows deleted since the save read as "none chosen",
 * link set profiles carry their link set's current name (a rename shows at once), and a profile
 * whose link set is gone is dropped.
 */
export async function withLiveReferences(db: Kysely<DB>, ownerId: number, project: KindForm): Promise<KindForm> {
  const nameOf = await lookUp(db, ownerId, referencesOf(project));
  const live = (table: ReferenceTable, id: number | null) => (id !== null && nameOf(table, id) !== undefined ? id : null);
  switch (project.kind) {
    case 'acproject':
      return { kind: project.kind, form: { ...project.form, profileId: live('profiles', project.form.profileId) } };
    case 'indexerproject':
      return { kind: project.kind, form: { ...project.form, linkSetId: live('url_lists', project.form.linkSetId) } };
    default: {
      const { form } = project;
      return {
        kind: project.kind,
        form: {
          ...form,
          selectedCampaignId: live('campaigns', form.selectedCampaignId),
          profileId: live(project.kind === 'privateproject' ? 'private_networks' : 'profiles', form.profileId),
          urlListId: live('url_lists', form.urlListId),
          contentGroupId: live('content_groups', form.contentGroupId),
          linkSetProfiles: form.linkSetProfiles.flatMap((profile) => {
            const name = nameOf('url_lists', profile.linkSetId);
            return name === undefined ? [] : [{ ...profile, name }];
          }),
        },
      };
    }
  }
}
