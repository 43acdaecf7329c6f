/**
 * The data folder is made private at start (issue 33 item 7): an existing DATA_DIR that other
 * users could open (0755, made by hand or by an older version) is 0700 once the server started,
 * on SQLite (the database file lives there) and on PostgreSQL (the secret key file does).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASES, createTestDatabase } from '../support/databases';
import { startTestApp } from '../support/test-app';

const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

describe.each(DATABASES)('the data folder on $kind', ({ kind, skip }) => {
  it.skipIf(skip)('an existing DATA_DIR of mode 0755 is 0700 once the server started, its files kept', async () => {
    const handle = await createTestDatabase(kind);
    try {
      const dataDir = handle.env.DATA_DIR!;
      fs.chmodSync(dataDir, 0o755);
      const before = fs.readdirSync(dataDir).sort();
      expect(modeOf(dataDir)).toBe(0o755);
      const server = await startTestApp(handle);
      try {
        expect(modeOf(dataDir)).toBe(0o700);
        expect(fs.readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(before));
        expect((await server.app.inject({ method: 'GET', url: '/public/api/app-info' })).statusCode).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      await handle.drop();
    }
  });
});
