import type { Kysely } from 'kysely';

/**
 * What the platform verifier found about following links on a custom site (issue 39 item 5,
 * engine/site-verifier/probe-dofollow.ts): `dofollow_found` 1 (most outbound links followed), 0
 * (most nofollow / ugc / sponsored) or null (not verified, or nothing to judge by). The grids show
 * it until links posted there have been checked (then the measured share counts).
 */
export function verifierDofollowMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('custom_sites').addColumn('dofollow_found', 'integer').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('custom_sites').dropColumn('dofollow_found').execute();
    },
  };
}
