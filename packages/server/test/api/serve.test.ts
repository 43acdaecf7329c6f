import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { REPO_ROOT } from '../../src/platform/config';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

describe.each(DATABASES)('serve process on $kind', ({ kind, skip }) => {
  let handle: TestDatabaseHandle;
  beforeEach(async () => {
    if (!skip) handle = await createTestDatabase(kind);
  });
  afterEach(async () => {
    if (!skip) await handle.drop();
  });

  it.skipIf(skip)('starts, serves the API, and stops cleanly on SIGTERM with a live socket open', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), 'serve'], {
      cwd: REPO_ROOT, env: { ...process.env, ...handle.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${url}/public/api/app-info`).catch(() => null))?.status, { timeout: 20_000, interval: 100 }).toBe(200);
    expect(await (await fetch(`${url}/public/api/setup`)).json()).toEqual({ setupRequired: true });
    if (kind === 'sqlite') expect(fs.existsSync(path.join(handle.env.DATA_DIR!, 'linkloom.sqlite'))).toBe(true);

    // An open Socket.IO long-poll handshake must not hold up shutdown.
    await fetch(`${url}/eventbus/?EIO=4&transport=polling`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
