import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/dialect';
import { installationId } from '../../src/platform/db/installation';
import { migrateToLatest } from '../../src/platform/db/migrate';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function installationOf(dir: string): Promise<string> {
  const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
  try {
    await migrateToLatest(database);
    return await installationId(database.db);
  } finally {
    await database.close();
  }
}

describe('the installation id in every post key', () => {
  it('is random per database and stays the same across restarts', async () => {
    const first = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-installation-'));
    const second = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-installation-'));
    dirs.push(first, second);
    const a = await installationOf(first);
    const b = await installationOf(second);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toMatch(/^[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
    // A restart (a new handle, migrations run again) reads the same id.
    expect(await installationOf(first)).toBe(a);
  });
});
