import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@linkloom/shared';
import { firstScreenScripts, withModulePreloads } from './first-screen-preload';
import { webFilesByFolder } from './web-files';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>LinkLoom</title>
<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p>`;

/** Hashed file names under /assets change with their content: a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: index.html with the version placeholders and page flags
 * filled in (the update banner and the captcha tabs read them), never cached without asking; the assets as the build compressed them
 * (`<file>.br` / `<file>.gz` beside each, scripts/build/web-assets.ts), chosen by Accept-Encoding,
 * and the hashed ones under /assets cached for a year. Routes are hash-based, so only `/` serves
 * the page; any other unknown path gets the API's JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, options: { webDist: string; version: string; latestVersion: string | undefined; hideRemoteOcr?: boolean }) {
  const indexFile = path.join(options.webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  const page = built
    ? fs.readFileSync(indexFile, 'utf8')
      .replaceAll('%LINKLOOM_VERSION%', escapeAttribute(options.version))
      .replaceAll('%LINKLOOM_LATEST_VERSION%', escapeAttribute(options.latestVersion ?? ''))
      .replaceAll('%LINKLOOM_HIDE_REMOTE_OCR%', options.hideRemoteOcr ? 'true' : 'false')
    : NOT_BUILT;

  // A visitor with a session cookie most likely lands on the campaign list: their page names its
  // code up front. Without one (sign-in, setup) the page stays lean.
  const signedInPage = built ? withModulePreloads(page, firstScreenScripts(options.webDist)) : page;
  for (const url of ['/', '/index.html']) {
    app.get(url, { config: { public: true, servesPage: true }, schema: { hide: true } }, async (request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie')
        .send(request.cookies[SESSION_COOKIE] ? signedInPage : page));
  }
  if (!built) return;
  // The page's scripts and styles load before anyone signs in: every file route is public. One
  // route per folder of the build, answering only the files found there at start (a route per file
  // made some 300 routes, a tenth of the start).
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true, servesPage: true };
    });
    await scope.register(fastifyStatic, {
      root: options.webDist,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
      },
    });
    for (const [folder, names] of webFilesByFolder(options.webDist)) {
      if (folder === '') {
        // The build's own root: a route each (a `/:name` route would catch every one-segment path).
        for (const name of names) scope.get(`/${name}`, { schema: { hide: true } }, async (_request, reply) => reply.sendFile(name));
        continue;
      }
      scope.get<{ Params: { name: string } }>(`/${folder}/:name`, { schema: { hide: true } }, async (request, reply) => {
        const { name } = request.params;
        if (!names.has(name)) return reply.callNotFound();
        return reply.sendFile(`${folder}/${name}`);
      });
    }
  });
}
