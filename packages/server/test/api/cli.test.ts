import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { startTestApp } from '../support/test-app';
import { Agent } from '../support/agent';
import { runCli } from '../support/server-process';

/** `npm run user:add -- NAME`, the password on stdin. */
const userAdd = (name: string, stdin: string, env: Record<string, string>) => runCli(['user:add', name], stdin, env);

describe.each(DATABASES)('user:add CLI on $kind', ({ kind, skip }) => {
  const ctx = useTestDatabase(kind, skip, { each: true });

  it.skipIf(skip)('creates a user from the password on stdin, who can then log in', async () => {
    const result = await userAdd('cli-user@example.test', 'a long password\n', ctx.handle.env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created user cli-user@example.test \(id \d+\)\n$/);

    const server = await startTestApp(ctx.handle, {}, { withLive: false });
    try {
      const response = await new Agent(server.app).login('cli-user@example.test', 'a long password');
      expect(response.json()).toEqual({ status: 'ok', name: 'cli-user@example.test' });
    } finally {
      await server.close();
    }
  });

  it.skipIf(skip)('refuses a short password and a duplicate name, and says why', async () => {
    const short = await userAdd('someone', 'short\n', ctx.handle.env);
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('Password must be at least 8 characters\n');
    expect((await userAdd('someone', 'long enough\n', ctx.handle.env)).code).toBe(0);
    const again = await userAdd('SOMEONE', 'long enough\n', ctx.handle.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('A user with this name already exists\n');
  });
});
