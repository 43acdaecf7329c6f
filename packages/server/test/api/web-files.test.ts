import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/lifecycle';

/**
 * The web build's files (platform/web/web-app.plugin.ts): the files found at start are served by
 * one route per folder, compressed as the build left them and chosen by Accept-Encoding; hashed
 * assets are cacheable for good. Nothing else under the build is reachable: not the compressed
 * twins by name, not the dot folders (the manifest), not a file added later, not a path out of
 * the folder. No database is involved, so this runs on SQLite only.
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'll-web-files-'));
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const write = (file: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  fs.writeFileSync(path.join(webDist, file), content);
};
write('index.html', '<!doctype html><html><head></head><body></body></html>');
write('assets/app-1a2b3c.js', SCRIPT);
write('assets/app-1a2b3c.js.br', zlib.brotliCompressSync(SCRIPT));
write('assets/app-1a2b3c.js.gz', zlib.gzipSync(SCRIPT));
write('assets/small-4d5e.css', 'body{margin:0}');
write('assets/fonts/face-77.woff2', Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
write('robots.txt', 'User-agent: *\nDisallow: /\n');
write('.vite/manifest.json', '{"secret":"build layout"}');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('the web build\'s files', () => {
  const ctx = useTestServer('sqlite', false, { env: { WEB_DIST: webDist } });
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.server.app.inject({ method, url, headers });

  it('sends a script as the build compressed it, by Accept-Encoding, cacheable for good', async () => {
    const brotli = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(SCRIPT);

    const gzip = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(SCRIPT);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const head = await get('/assets/app-1a2b3c.js', {}, 'HEAD');
    expect([head.statusCode, head.body]).toEqual([200, '']);

    // Files without twins, a nested folder, and the build's own root.
    const style = await get('/assets/small-4d5e.css', { 'accept-encoding': 'br' });
    expect([style.statusCode, style.headers['content-encoding'], style.body]).toEqual([200, undefined, 'body{margin:0}']);
    expect((await get('/assets/fonts/face-77.woff2')).statusCode).toBe(200);
    const robots = await get('/robots.txt');
    expect([robots.statusCode, robots.body]).toEqual([200, 'User-agent: *\nDisallow: /\n']);
    expect(robots.headers['cache-control']).not.toContain('immutable');
  });

  it('answers the API\'s 404 for anything else under the build, and never leaves the folder', async () => {
    write('assets/added-later.js', 'export {};\n');
    for (const url of [
      '/assets/missing.js',
      '/assets/app-1a2b3c.js.br',
      '/assets/app-1a2b3c.js.gz',
      '/assets/added-later.js',
      '/.vite/manifest.json',
      '/assets/..%2F.vite%2Fmanifest.json',
      '/assets/..%2Findex.html',
      '/assets/fonts',
      '/assets/',
    ]) {
      const answer = await get(url, { 'accept-encoding': 'br, gzip' });
      expect([url, answer.statusCode]).toEqual([url, 404]);
      expect(answer.json(), url).toEqual({ error: { message: expect.stringMatching(/^No such route/) } });
    }
    const dotted = await get('/assets/../.vite/manifest.json');
    expect(dotted.statusCode).toBe(404);
    expect(dotted.body).not.toContain('build layout');
  });
});
