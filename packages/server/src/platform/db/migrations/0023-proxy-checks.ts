import type { Kysely } from 'kysely';

/**
 * Proxy checks (issue 15): each proxy's last check — the protocol it answered (`http` for HTTP
 * CONNECT, `socks5`), the latency to the judge URL and the reason it failed — and the proxy
 * monitor's state per user (NEW, CHECKING, STOPPING), so every server process and worker sees one
 * Check / Stop checking state.
 */
export function proxyChecksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('proxies').addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('proxies').addColumn('latency_ms', 'integer').execute();
      await db.schema.alterTable('proxies').addColumn('check_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('user_options').addColumn('proxy_monitor', 'varchar(16)', (c) => c.notNull().defaultTo('NEW')).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('user_options').dropColumn('proxy_monitor').execute();
      for (const column of ['check_reason', 'latency_ms', 'protocol']) await db.schema.alterTable('proxies').dropColumn(column).execute();
    },
  };
}
