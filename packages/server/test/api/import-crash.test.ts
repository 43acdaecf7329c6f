import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASES, type TestDatabaseHandle } from '../support/databases';
import { startServer, type RunningServer } from '../support/server-process';
import { buildUser } from '../support/factories';
import { buildLinkSet } from '../support/link-factories';
import { IMPORT_STALE_MS, sweepAbandonedImports } from '../../src/platform/imports/sweep-abandoned-imports';
import { insertImportMarker } from '../../src/platform/imports/pending-imports.repository';

/** Signs in over HTTP; answers the cookie and XSRF headers a browser would send. */
async function signIn(baseUrl: string, user: { username: string; password: string }): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...user, type: 'account' }),
  });
  const pairs = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return { cookie: pairs.join('; '), 'x-xsrf-token': xsrf };
}

/** Posts a file as multipart (field `file`) without waiting for the answer (the server will die). */
function postFile(url: string, file: string, headers: Record<string, string>): void {
  const boundary = '----linkloomcrash';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="links.txt"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(url, {
    method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + fs.statSync(file).size + tail.length },
  });
  request.on('error', () => undefined);
  request.on('response', (response) => response.resume());
  request.write(head);
  fs.createReadStream(file).on('end', () => request.end(tail)).pipe(request, { end: false });
}

/**
 * Issue 9.2: imports commit a chunk at a time, yet a crash mid-import must leave the link set with
 * the whole file or none of it. The server is killed (SIGKILL) once chunks are committed and
 * started again: the half-written import is gone before anyone can read it.
 */
describe('a link import cut by a crash (SQLite, the server as a process)', () => {
  let handle: TestDatabaseHandle | undefined;
  let server: RunningServer | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-crash-'));
  afterEach(async () => {
    await server?.stop();
    await handle?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the set untouched after a SIGKILL in the middle of the import, three times out of three', async () => {
    handle = await createTestDatabase('sqlite');
    const file = path.join(dir, 'links.txt');
    fs.writeFileSync(file, `${Array.from({ length: 300_000 }, (_, i) => `https://crash.test/${i}|x|Crash ${i}`).join('\n')}\n`);
    const seeding = handle.open();
    const user = await buildUser(seeding.db);
    const linkSet = await buildLinkSet(seeding.db, { ownerId: user.id });
    await seeding.close();

    for (let round = 1; round <= 3; round += 1) {
      server = await startServer(handle.env);
      const headers = await signIn(server.baseUrl, user);
      postFile(`${server.baseUrl}/action/import/url_list/${linkSet.id}`, file, headers);
      const watching = handle.open();
      let written = 0;
      for (let waited = 0; written === 0 && waited < 30_000; waited += 20) {
        const row = await watching.db.selectFrom('url_items').select((eb) => eb.fn.countAll().as('n')).where('url_list_id', '=', linkSet.id).executeTakeFirstOrThrow();
        written = Number(row.n);
        if (written === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      process.kill(server.pid!, 'SIGKILL');
      await server.stop();
      await watching.close();
      expect([round, written > 0 && written < 300_000]).toEqual([round, true]);

      server = await startServer(handle.env);
      const after = await fetch(`${server.baseUrl}/rest/url_items/${linkSet.id}`, { headers: await signIn(server.baseUrl, user) });
      expect([round, ((await after.json()) as { total: number }).total]).toEqual([round, 0]);
      await server.stop();
      server = undefined;
    }
  }, 120_000);
});

describe.each(DATABASES)('the sweep of abandoned imports on $kind', ({ kind, skip }) => {
  it.skipIf(skip)('deletes the rows of imports whose marker outlived their server, and only those', async () => {
    const testDb = await createTestDatabase(kind);
    const database = testDb.open();
    try {
      const { db } = database;
      const user = await buildUser(db);
      const linkSet = await buildLinkSet(db, { ownerId: user.id });
      const rows = (importId: number | null, count: number) => Array.from({ length: count }, (_, i) => ({
        owner_id: user.id, created_at: 1, url_list_id: linkSet.id, url: `https://s.test/${importId}/${i}`, anchor: '', links_on_page: null, date_added: 1, import_id: importId,
      }));
      const dead = await insertImportMarker(db, user.id, 'links', linkSet.id);
      await db.updateTable('pending_imports').set({ heartbeat_at: Date.now() - IMPORT_STALE_MS - 1000 }).where('id', '=', dead).execute();
      const alive = await insertImportMarker(db, user.id, 'links', linkSet.id);
      const all = [...rows(null, 3), ...rows(dead, 12_000), ...rows(alive, 5)];
      for (let start = 0; start < all.length; start += 1000) await db.insertInto('url_items').values(all.slice(start, start + 1000)).execute();

      // While servers run, only a marker without a heartbeat for IMPORT_STALE_MS is taken.
      expect(await sweepAbandonedImports(database, { atStartUp: false })).toBe(1);
      const left = await db.selectFrom('url_items').select('import_id').where('url_list_id', '=', linkSet.id).execute();
      expect(left.map((row) => row.import_id).sort()).toEqual([alive, alive, alive, alive, alive, null, null, null].sort());
      // At start-up SQLite has no other server: every marker left is a dead import's.
      expect(await sweepAbandonedImports(database, { atStartUp: true })).toBe(kind === 'sqlite' ? 1 : 0);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});
