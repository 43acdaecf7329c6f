/**
 * Upgrading an installation whose secrets were stored in clear (before migration 0014), on both
 * databases: the migration seals them with the installation's key, SQLite keeps no old byte of
 * them in its file or log, the app reads and exports them as before, and key rotation re-seals
 * them under a new key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../src/platform/db/schema';
import { openDatabase } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { SECRET_KEY_FILE_NAME } from '../../src/platform/crypto/secret-key-source';
import { formatSecretKey, generateSecretKey, parseSecretKeys, SecretUnreadableError } from '../../src/platform/crypto/secret-box';
import { resealStoredSecrets } from '../../src/platform/crypto/stored-secrets';
import { accountsAfter } from '../../src/features/accounts/accounts.repository';
import { readEngineOptions } from '../../src/features/options/options.repository';
import { openPasswords } from '../../src/features/custom-sites/custom-sites.repository';
import { createTestDatabase, DATABASES, type TestDatabaseHandle } from '../support/databases';
import { migrateToBefore } from '../support/migrate-before';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/agent';
import { buildCampaign, buildUser } from '../support/factories';

/** Not in OLD: it is written only for the rotation (the custom sites table came after the migration this test starts from). */
const OLD_CUSTOM_SITE = 'old-custom-site-pw-Hq58Zo';
const OLD = {
  account: 'old-acct-pw-Lk29Vb',
  site: 'old-site-pw-Pz71Qa',
  link: 'old-link-pw-Ce48Ry',
  proxyUser: 'old-proxyuser-Bn15',
  proxyPassword: 'old-proxy-pw-Jx62Hs',
  indexerKey: 'old-speedy-key-Dt93Wm',
  projectPassword: 'old-new-acct-pw-Fo37',
  mailbox: 'old-mailbox-pw-Yv84Tc',
} as const;

const SEALED_MIGRATION = '0014-sealed-secrets';


/** One of everything with a secret, written in clear the way versions before 0014 wrote it. */
async function writePlainRows(db: Kysely<DB>, ownerId: number) {
  const now = Date.now();
  const campaign = await buildCampaign(db, { ownerId, name: 'Old campaign' });
  const profile = await db.insertInto('profiles').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Old accounts', created_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('accounts').values({ owner_id: ownerId, profile_id: profile.id, site_name: 'old.example.test', email: 'o@mail.test', username: 'o', password: OLD.account, created_at: now }).execute();
  const network = await db.insertInto('private_networks').values({ owner_id: ownerId, name: 'Old blogs', created_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('private_sites').values({
    owner_id: ownerId, private_network_id: network.id, module: 'Private', platform: 'WordPress', site_url: 'http://old.example.test', email: 'o@blog.test', username: 'admin', password: OLD.site, created_at: now,
  }).execute();
  const linkSet = await db.insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Old links', created_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('url_items').values({ owner_id: ownerId, url_list_id: linkSet.id, url: 'https://old.example.test/p', anchor: 'p', site: 'old.example.test', username: 'o', password: OLD.link, date_added: now, created_at: now }).execute();
  await db.insertInto('proxies').values({ owner_id: ownerId, host: '10.9.9.9', port: 8080, username: OLD.proxyUser, password: OLD.proxyPassword, created_at: now }).execute();
  await db.insertInto('user_options').values({ owner_id: ownerId, options: JSON.stringify({ maxPostingThreads: 4, indexer: { SpeedyIndex: OLD.indexerKey } }), index_now_key: 'a'.repeat(32), created_at: now, updated_at: now }).execute();
  const settings = JSON.stringify({ firstName: 'Ann', password: OLD.projectPassword, verificationInfo: { emailServer: 'imap.mail.test', emailPassword: OLD.mailbox } });
  const project = await db.insertInto('projects').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Old AC', module: 'AccountCreation', settings, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return { profileId: profile.id, networkId: network.id, linkSetId: linkSet.id, projectId: project.id };
}

/** Every secret column as the database stores it. */
async function storedText(db: Kysely<DB>): Promise<string> {
  const parts: string[] = [];
  for (const table of ['accounts', 'private_sites', 'url_items', 'proxies', 'user_options', 'projects'] as const) {
    parts.push(JSON.stringify((await sql`select * from ${sql.table(table)}`.execute(db)).rows));
  }
  return parts.join('\n');
}

const inClear = (bytes: Buffer | string) => Object.values(OLD).filter((secret) => bytes.includes(secret));

describe.each(DATABASES)('sealing secrets stored in clear on $kind', ({ kind, skip }) => {
  let handle: TestDatabaseHandle | undefined;
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    await handle?.drop();
    server = undefined;
    handle = undefined;
  });

  it.skipIf(skip)('seals them on upgrade; the screens, exports and engine still read them; rotation moves them to a new key', async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    const database = handle.open();
    let ids: Awaited<ReturnType<typeof writePlainRows>>;
    let user: Awaited<ReturnType<typeof buildUser>>;
    try {
      await migrateToBefore(database, SEALED_MIGRATION);
      user = await buildUser(database.db);
      ids = await writePlainRows(database.db, user.id);
      expect(inClear(await storedText(database.db))).toEqual(Object.values(OLD));

      expect(await migrateToLatest(database)).toContain(SEALED_MIGRATION);
      const stored = await storedText(database.db);
      expect(inClear(stored)).toEqual([]);
      expect(stored.match(/enc:v1:/g)).toHaveLength(Object.keys(OLD).length);
      if (kind === 'sqlite') {
        // The old values are gone from the file and from its log (which held them until now), with the database still open.
        const file = path.join(handle.env.DATA_DIR!, 'linkloom.sqlite');
        expect(inClear(fs.readFileSync(file))).toEqual([]);
        expect(inClear(fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : '')).toEqual([]);
      }
      // Applying it again (a second server starting) changes nothing.
      expect(await migrateToLatest(database)).toEqual([]);
      expect(await storedText(database.db)).toBe(stored);
    } finally {
      await database.close();
    }

    server = await startTestApp(handle);
    const agent = await signedIn(server.app, user);
    expect((await agent.request('GET', `/rest/accounts/${ids.profileId}`)).json().accounts[0]).toMatchObject({ password: OLD.account });
    expect((await agent.request('GET', `/action/export/profile/${ids.profileId}`)).body).toContain(OLD.account);
    expect((await agent.request('GET', `/action/export/private_group/${ids.networkId}`)).body).toContain(`|admin|${OLD.site}`);
    expect((await agent.request('GET', `/action/export/url_list/${ids.linkSetId}`)).body).toContain(OLD.link);
    expect((await agent.request('GET', '/rest/options')).json().options).toMatchObject({ maxPostingThreads: 4, indexer: { SpeedyIndex: OLD.indexerKey } });
    expect((await agent.request('GET', `/rest/project/${ids.projectId}`)).json().project).toMatchObject({ password: OLD.projectPassword, verificationInfo: { emailPassword: OLD.mailbox } });
    await server.close();
    server = undefined;

    // Rotation: a new key put first, every secret re-sealed under it; then the old key can go.
    const keyFile = path.join(handle.env.DATA_DIR!, SECRET_KEY_FILE_NAME);
    const [oldKey] = parseSecretKeys(fs.readFileSync(keyFile, 'utf8'), keyFile);
    const newKey = formatSecretKey(generateSecretKey('k2'));
    const options = { databaseUrl: handle.env.DATABASE_URL, databaseSchema: handle.env.DATABASE_SCHEMA, dataDir: handle.env.DATA_DIR! };
    // A custom site's login, sealed under the old key as the custom sites screen stores it.
    const beforeRotation = openDatabase(options);
    let customSiteId: number;
    try {
      customSiteId = Number((await beforeRotation.db.insertInto('custom_sites').values({
        owner_id: user.id, created_at: Date.now(), module: 'WordPress', url: 'https://blog.test', host: 'blog.test', login: 'admin',
        password_sealed: beforeRotation.secrets.seal(OLD_CUSTOM_SITE),
      }).returning('id').executeTakeFirstOrThrow()).id);
    } finally {
      await beforeRotation.close();
    }
    const rotating = openDatabase({ ...options, secretsKey: `${newKey},${formatSecretKey(oldKey!)}` });
    try {
      expect(await resealStoredSecrets(rotating.db, rotating.secrets)).toMatchObject({
        'accounts.password': 1, 'proxies.password': 1, 'user_options.options': 1, 'projects.settings': 1, 'custom_sites.password_sealed': 1,
      });
      expect((await storedText(rotating.db)).match(/enc:v1:k2:/g)).toHaveLength(Object.keys(OLD).length);
    } finally {
      await rotating.close();
    }
    const rotated = openDatabase({ ...options, secretsKey: newKey });
    const oldOnly = openDatabase(options);
    try {
      expect((await accountsAfter(rotated.db, ids.profileId, 0, 10))[0]!.password).toBe(OLD.account);
      expect((await readEngineOptions(rotated.db, user.id)).indexer).toEqual({ SpeedyIndex: OLD.indexerKey });
      const customSite = await rotated.db.selectFrom('custom_sites').selectAll().where('id', '=', customSiteId).executeTakeFirstOrThrow();
      expect(openPasswords(rotated.db, [customSite])[0]!.password).toBe(OLD_CUSTOM_SITE);
      await expect(accountsAfter(oldOnly.db, ids.profileId, 0, 10)).rejects.toThrow(SecretUnreadableError);
    } finally {
      await rotated.close();
      await oldOnly.close();
    }
  });
});
