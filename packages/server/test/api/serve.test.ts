import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { startServer } from '../support/server-process';

describe.each(DATABASES)('serve process on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip);

  it.skipIf(skip)('starts, serves the API, and stops cleanly on SIGTERM with a live socket open', async () => {
    const server = await startServer(ctx.handle.env);
    expect(await (await fetch(`${server.baseUrl}/public/api/setup`)).json()).toEqual({ setupRequired: true, setupCodeRequired: false });
    if (kind === 'sqlite') expect(fs.existsSync(path.join(ctx.handle.env.DATA_DIR!, 'linkloom.sqlite'))).toBe(true);

    // An open Socket.IO long-poll handshake must not hold up shutdown.
    await fetch(`${server.baseUrl}/eventbus/?EIO=4&transport=polling`);
    expect(await server.stop()).toBe(0);
  });
});
