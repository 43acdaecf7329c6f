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

  it('trusts no proxy unless TRUST_PROXY names one: a flag, a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback']);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof hops === 'function' && [hops('a', 0), hops('a', 1), hops('a', 2)]).toEqual([true, true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY must be/);
  });
});
