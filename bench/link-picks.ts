/**
 * A post's links from a set too large to load whole (part of `npm run bench`): the engine reads
 * them by position among the set's live links (engine/runner/links-at-positions.ts, through the
 * live-link index of migration 0046). On a 1,000,000-link set with every seventh link dead, in
 * interleaved rounds, a post's 5 seeded positions read as the engine does now, beside the baseline
 * of the same run: the way it read them before, one OFFSET from the start of the set per link
 * through url_items_list_idx (forced with INDEXED BY, as the planner chose it without the live
 * index), which read every skipped link's row to test dead_since. Prints min / median / max of the
 * post's whole read and of its longest single query: how long the one database connection every
 * user shares was held at a time. Asserts nothing.
 *
 * Runs alone (`node --import tsx bench/link-picks.ts`) or from `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { linksAtPositions } from '../packages/server/src/engine/runner/links-at-positions';
import { seedLinkSet } from './support/seeded-link-set';
import { minMedianMaxText } from './support/min-median-max';

const LINKS = Number(process.env.BENCH_PICK_LINKS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_PICK_ROUNDS ?? 7);
/** Links a post takes from the set (a content project's links per post are a handful). */
const PICKS = 5;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Times every query it sees, from its compile to its result: the longest since the last reset. */
class QueryTimer implements KyselyPlugin {
  readonly #started = new WeakMap<object, number>();
  longest = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#started.set(args.queryId, performance.now());
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.#started.get(args.queryId);
    if (started !== undefined) this.longest = Math.max(this.longest, performance.now() - started);
    return args.result;
  }
}

/** Runs the benchmark and prints its figures. */
export async function benchLinkPicks(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-picks-'));
  try {
    const seeded = performance.now();
    const setId = await seedLinkSet(dataDir, { username: 'picks@example.test', password: 'bench password' }, LINKS, 'Large set');
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const db = database.db;
      await sql`update url_items set dead_since = 1 where url_list_id = ${setId} and id % 7 = 0`.execute(db);
      const live = Number((await sql<{ n: number }>`select count(*) as n from url_items where url_list_id = ${setId} and dead_since is null`.execute(db)).rows[0]!.n);
      process.stdout.write(`\nA post's ${PICKS} links from a set of ${LINKS.toLocaleString('en')} (${live.toLocaleString('en')} live; seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s), ${ROUNDS} interleaved rounds (min / median / max):\n`);
      const before = async (positions: number[]) => {
        let longest = 0;
        for (const position of positions) {
          const started = performance.now();
          await sql`select url, anchor from url_items indexed by url_items_list_idx where url_list_id = ${setId} and dead_since is null order by id asc limit 1 offset ${position}`.execute(db);
          longest = Math.max(longest, performance.now() - started);
        }
        return longest;
      };
      const timer = new QueryTimer();
      const timed = db.withPlugin(timer);
      const now = async (positions: number[]) => {
        timer.longest = 0;
        await linksAtPositions(timed, setId, positions);
        return timer.longest;
      };
      const figures = { before: { total: [] as number[], longest: [] as number[] }, now: { total: [] as number[], longest: [] as number[] } };
      let seed = 12_345;
      for (let round = 0; round < ROUNDS + 1; round += 1) {
        const positions = Array.from({ length: PICKS }, () => (seed = (seed * 48_271) % 2_147_483_647) % live);
        for (const [name, read] of [['before', before], ['now', now]] as const) {
          const started = performance.now();
          const longest = await read(positions);
          // Round 0 warms the page cache and the statements.
          if (round === 0) continue;
          figures[name].total.push(performance.now() - started);
          figures[name].longest.push(longest);
        }
      }
      process.stdout.write(
        `  now: one walk of the live-link index      ${minMedianMaxText(figures.now.total, ms)} for the post's read, its longest query ${minMedianMaxText(figures.now.longest, ms)}\n` +
        `  baseline: an OFFSET per link, via rows   ${minMedianMaxText(figures.before.total, ms)} for the post's read, its longest query ${minMedianMaxText(figures.before.longest, ms)}\n`,
      );
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  benchLinkPicks().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
