import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';

describe('configuration', () => {
  it('defaults to the embedded setup on port 8080 with data under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.cookieSecure).toBe(false);
  });

  it('reads the environment and reports every bad value', () => {
    expect(loadConfig({ PORT: '9000', DATA_DIR: '/tmp/x', COOKIE_SECURE: 'true' })).toMatchObject({ port: 9000, dataDir: '/tmp/x', cookieSecure: true });
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL must start with postgres:\/\//);
  });
});
