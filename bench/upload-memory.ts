/**
 * Upload memory benchmark (part of `npm run bench`): a ZIP of text articles (400 MB expanded, 4,000
 * files, stored uncompressed so the upload itself is 400 MB) is uploaded to the article import of the
 * real server process, once and then three times at once; prints how far the server's resident
 * memory rose above what it held before (issue 9.5's goal: less than 150 MB, whatever is uploaded).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import yazl from 'yazl';
import { openDatabase } from '../packages/server/src/platform/db/dialect';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createUser } from '../packages/server/src/features/session/create-user';
import { startServer } from '../packages/server/test/support/server-process';
import { memoryMb } from './support/process-memory';
import { uploadFile } from './support/multipart-upload';

const FILES = Number(process.env.BENCH_ZIP_FILES ?? 4000);
const FILE_BYTES = 100 * 1024;
const USER = { username: 'zip@example.test', password: 'bench password' };

/** Text that does not compress away: random words. */
function article(n: number): Buffer {
  const words = ['link', 'loom', 'anchor', 'campaign', 'article', 'network', 'profile', 'schedule', 'page', 'site'];
  let text = `Article ${n}\n`;
  while (text.length < FILE_BYTES) text += `${words[Math.floor(Math.random() * words.length)]}${Math.floor(Math.random() * 1000)} `;
  return Buffer.from(text.slice(0, FILE_BYTES));
}

async function writeZip(file: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  for (let n = 1; n <= FILES; n += 1) zip.addBuffer(article(n), `articles/${n}.txt`, { compress: false });
  zip.end();
  await once(out, 'finish');
}

async function seed(dataDir: string, groups: number): Promise<number[]> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(database);
  const ownerId = await createUser(database.db, USER.username, USER.password);
  const ids: number[] = [];
  for (let i = 0; i < groups; i += 1) {
    const row = await database.db.insertInto('content_groups').values({ owner_id: ownerId, name: `Bench ${i}`, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  await database.close();
  return ids;
}

async function signIn(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...USER, type: 'account' }),
  });
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { cookie: pairs.join('; '), 'x-xsrf-token': pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '' };
}

/** Resident memory of a process now, and its peak so far, in MB. */
function memory(pid: number | undefined): { rss: number; peak: number } {
  return { rss: memoryMb(pid, 'VmRSS'), peak: memoryMb(pid, 'VmHWM') };
}

/** Runs the upload memory benchmark and prints its figures. */
export async function benchUploadMemory(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-zip-'));
  try {
    const zip = path.join(root, 'articles.zip');
    await writeZip(zip);
    const groups = await seed(path.join(root, 'data'), 4);
    const server = await startServer({ DATA_DIR: path.join(root, 'data'), UPLOAD_MAX_MB: '1024', ZIP_MAX_EXPANDED_MB: '2048' });
    try {
      const headers = await signIn(server.baseUrl);
      const before = memory(server.pid);
      const one = await uploadFile(`${server.baseUrl}/rest/upload_raw_articles/${groups[0]}`, { path: zip, name: 'articles.zip', contentType: 'application/zip' }, headers);
      const afterOne = memory(server.pid);
      const three = await Promise.all(groups.slice(1).map((id) => uploadFile(`${server.baseUrl}/rest/upload_raw_articles/${id}`, { path: zip, name: 'articles.zip', contentType: 'application/zip' }, headers)));
      const afterThree = memory(server.pid);
      const statuses = [one, ...three].map((answer) => (answer.status === 200 ? (JSON.parse(answer.body) as { imported: number }).imported : answer.status));
      const mb = (value: number) => `${value.toFixed(0)} MB`;
      process.stdout.write(
        `ZIP upload (${(fs.statSync(zip).size / 1024 / 1024).toFixed(0)} MB, ${FILES} text files; articles imported per upload: ${statuses.join(', ')}): ` +
        `server resident ${mb(before.rss)} before; peak after one upload ${mb(afterOne.peak)} (+${mb(afterOne.peak - before.rss)}), ` +
        `after three at once ${mb(afterThree.peak)} (+${mb(afterThree.peak - before.rss)})\n`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
