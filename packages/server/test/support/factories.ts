import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';
import { createUser } from '../../src/features/session/create-user';
import { insertCampaign } from '../../src/features/campaigns/campaigns.repository';

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

/** A user with a real scrypt-hashed password. */
export async function buildUser(db: Kysely<DB>, overrides: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  const username = overrides.username ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const id = await createUser(db, username, password);
  return { id, username, password };
}

/** A campaign owned by the given user. */
export async function buildCampaign(db: Kysely<DB>, overrides: { ownerId: number; name?: string }): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `Campaign ${randomBytes(3).toString('hex')}`;
  const id = await insertCampaign(db, { ownerId: overrides.ownerId, name });
  return { id, name };
}
