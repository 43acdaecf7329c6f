import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { startTestApp } from '../support/test-app';
import { Agent } from '../support/agent';
import { REPO_ROOT } from '../../src/platform/config';

/** Runs `linkloom user:add NAME` as `npm run user:add -- NAME` does, feeding the password on stdin. */
function userAdd(name: string, stdin: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), 'user:add', name], {
      cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe.each(DATABASES)('user:add CLI on $kind', ({ kind, skip }) => {
  let handle: TestDatabaseHandle;
  beforeEach(async () => {
    if (!skip) handle = await createTestDatabase(kind);
  });
  afterEach(async () => {
    if (!skip) await handle.drop();
  });

  it.skipIf(skip)('creates a user from the password on stdin, who can then log in', async () => {
    const result = await userAdd('cli-user@example.test', 'a long password\n', handle.env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created user cli-user@example.test \(id \d+\)\n$/);

    const server = await startTestApp(handle, {}, { withLive: false });
    try {
      const response = await new Agent(server.app).login('cli-user@example.test', 'a long password');
      expect(response.json()).toEqual({ status: 'ok', name: 'cli-user@example.test' });
    } finally {
      await server.close();
    }
  });

  it.skipIf(skip)('refuses a short password and a duplicate name, and says why', async () => {
    const short = await userAdd('someone', 'short\n', handle.env);
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('Password must be at least 8 characters\n');
    expect((await userAdd('someone', 'long enough\n', handle.env)).code).toBe(0);
    const again = await userAdd('SOMEONE', 'long enough\n', handle.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('A user with this name already exists\n');
  });
});
