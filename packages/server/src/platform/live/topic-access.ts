import type { Kysely } from 'kysely';
import type { ObjectTopicKind, ParsedTopic } from '@linkloom/shared';
import type { DB, OwnedTable } from '../db/schema';
import { isOwnedBy } from '../auth/ownership';

/**
 * Which table owns the object behind a `{kind}/{id}` topic. A kind whose table does not exist yet
 * is refused: a subscription is only granted for an object the server can prove is the user's.
 */
const TOPIC_TABLES: Partial<Record<ObjectTopicKind, OwnedTable>> = {
  campaign: 'campaigns',
  project: 'projects',
  profile: 'profiles',
  url_list: 'url_lists',
  private_network: 'private_networks',
  content_group: 'content_groups',
  xwizard: 'xwizards',
};

export type TopicAccess = { ok: true } | { ok: false; error: string };

export const TOPIC_REFUSED = 'You cannot subscribe to this topic';
export const TOPIC_UNKNOWN = 'Unknown topic';

/** May this user subscribe to this topic? User-wide topics always; object topics only for their own objects. */
export async function checkTopicAccess(db: Kysely<DB>, topic: ParsedTopic | null, userId: number): Promise<TopicAccess> {
  if (!topic) return { ok: false, error: TOPIC_UNKNOWN };
  if (topic.kind === 'user') return { ok: true };
  const table = TOPIC_TABLES[topic.objectKind];
  if (!table) return { ok: false, error: TOPIC_UNKNOWN };
  return (await isOwnedBy(db, table, topic.id, userId)) ? { ok: true } : { ok: false, error: TOPIC_REFUSED };
}
