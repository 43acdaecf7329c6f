import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Issue 40 item 6 for accounts, as 0044 for links: a profile keeps its number of accounts
 * (`profiles.account_count`: a page of a million accounts counted them all, ~20 ms) and an order
 * stamp (`profiles.order_stamp`) that moves with every write that can change the order of its
 * accounts — an account added, removed, moved to another profile, or with another site, email or
 * username — in the same transaction, by triggers, so no write path can forget it. The account
 * grid's page anchors hold while it stays (platform/db/page-anchors.ts, used by
 * features/accounts/accounts.repository.ts). A password or verification written leaves it alone.
 * SQLite: per row, counting and stamping in one statement. PostgreSQL: once per statement for
 * inserts and deletes (transition tables; an upsert's updated rows are not in them), per changed row
 * for updates.
 */
export function accountOrderStampMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('profiles').addColumn('account_count', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('profiles').addColumn('order_stamp', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update profiles set account_count = (select count(*) from accounts where accounts.profile_id = profiles.id)`.execute(db);
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        for (const trigger of ['accounts_count_insert', 'accounts_count_delete', 'accounts_order_update']) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      } else {
        for (const name of ['accounts_count_insert', 'accounts_count_delete', 'accounts_order_update']) {
          await sql`drop trigger if exists ${sql.raw(name)} on accounts`.execute(db);
          await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
        }
      }
      await db.schema.alterTable('profiles').dropColumn('order_stamp').execute();
      await db.schema.alterTable('profiles').dropColumn('account_count').execute();
    },
  };
}

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger accounts_count_insert after insert on accounts begin
    update profiles set account_count = account_count + 1, order_stamp = order_stamp + 1 where id = new.profile_id;
  end`.execute(db);
  await sql`create trigger accounts_count_delete after delete on accounts begin
    update profiles set account_count = account_count - 1, order_stamp = order_stamp + 1 where id = old.profile_id;
  end`.execute(db);
  await sql`create trigger accounts_order_update after update of profile_id, site_name, email, username on accounts
    when new.profile_id is not old.profile_id or new.site_name is not old.site_name or new.email is not old.email or new.username is not old.username begin
    update profiles set account_count = account_count - 1, order_stamp = order_stamp + 1 where id = old.profile_id and new.profile_id is not old.profile_id;
    update profiles set account_count = account_count + 1 where id = new.profile_id and new.profile_id is not old.profile_id;
    update profiles set order_stamp = order_stamp + 1 where id = new.profile_id;
  end`.execute(db);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await sql`create function accounts_count_insert() returns trigger language plpgsql as $$
    begin
      update profiles set account_count = account_count + added.n, order_stamp = order_stamp + 1
        from (select profile_id, count(*) as n from new_rows group by profile_id) as added
        where profiles.id = added.profile_id;
      return null;
    end $$`.execute(db);
  await sql`create function accounts_count_delete() returns trigger language plpgsql as $$
    begin
      update profiles set account_count = account_count - removed.n, order_stamp = order_stamp + 1
        from (select profile_id, count(*) as n from old_rows group by profile_id) as removed
        where profiles.id = removed.profile_id;
      return null;
    end $$`.execute(db);
  await sql`create function accounts_order_update() returns trigger language plpgsql as $$
    begin
      if new.profile_id is distinct from old.profile_id then
        update profiles set account_count = account_count - 1, order_stamp = order_stamp + 1 where id = old.profile_id;
        update profiles set account_count = account_count + 1 where id = new.profile_id;
      end if;
      update profiles set order_stamp = order_stamp + 1 where id = new.profile_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger accounts_count_insert after insert on accounts referencing new table as new_rows for each statement execute function accounts_count_insert()`.execute(db);
  await sql`create trigger accounts_count_delete after delete on accounts referencing old table as old_rows for each statement execute function accounts_count_delete()`.execute(db);
  await sql`create trigger accounts_order_update after update of profile_id, site_name, email, username on accounts for each row
    when (new.profile_id is distinct from old.profile_id or new.site_name is distinct from old.site_name or new.email is distinct from old.email or new.username is distinct from old.username)
    execute function accounts_order_update()`.execute(db);
}
