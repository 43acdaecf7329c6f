/**
 * The platform verifier's probe against real sites: a WordPress blog (scripts/peers/wordpress.sh), a
 * MediaWiki wiki (scripts/peers/mediawiki.sh), a plain static page, a closed port, a redirect to
 * another host, an HTTPS site with a self-signed certificate and an answer that is not a site.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSite, type ProbeOptions } from '../../src/engine/site-verifier/probe-site';
import { MediaWikiSession } from '../../src/engine/connectors/mediawiki/mediawiki-api';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeers, type MediaWikiPeerSite } from '../support/mediawiki-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';
import { startStubServer, type StubServer } from './stub-servers';

const [wordpress, mediawiki] = await Promise.all([wordPressAvailability(), mediaWikiAvailability()]);
const available = wordpress.available && mediawiki.available;
const skipReason = available ? '' : ` (SKIPPED: ${[wordpress, mediawiki].map((a) => (a.available ? '' : a.reason)).filter(Boolean).join('; ')})`;

const OPTIONS: ProbeOptions = { timeoutMs: 10_000 };

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(!available)(`Site probe against real sites${skipReason}`, () => {
  let blogs: WordPressPeers;
  let wikis: MediaWikiPeers;
  let blog: WordPressPeerSite;
  let wiki: MediaWikiPeerSite;
  const stubs: StubServer[] = [];
  let tls: https.Server | undefined;
  let tlsDir = '';

  beforeAll(async () => {
    [blogs, wikis] = await Promise.all([startWordPressPeers(1), startMediaWikiPeers(1)]);
    blog = blogs.sites[0] as WordPressPeerSite;
    wiki = wikis.sites[0] as MediaWikiPeerSite;
  });

  afterAll(async () => {
    await Promise.all(stubs.map((stub) => stub.close()));
    tls?.close();
    if (tlsDir) fs.rmSync(tlsDir, { recursive: true, force: true });
    await Promise.all([blogs?.stop(), wikis?.stop()]);
  });

  it('finds WordPress, checks the application password and sees an administrator', async () => {
    await expect(probeSite({ url: blog.url, login: blog.username, password: blog.applicationPassword }, OPTIONS)).resolves.toEqual({
      platform: 'WordPress',
      status: 'OK',
      reason: `WordPress (REST API at ${blog.url}/wp-json/); the login ${blog.username} works as an administrator: accounts can be created`,
      canRegister: true,
      credentialsOk: true,
      // A fresh blog links out only from its footer's credit (rel="nofollow", the theme's chrome): nothing to tell by.
      dofollow: null,
    });
    const wrong = await probeSite({ url: `${blog.url}/`, login: blog.username, password: 'abcd efgh ijkl mnop qrst uvwx' }, OPTIONS);
    expect(wrong).toMatchObject({ platform: 'WordPress', status: 'FAILED', credentialsOk: false });
    expect(wrong.reason).toMatch(/the stored login .* is refused/);
    await expect(probeSite({ url: blog.url, login: null, password: null }, OPTIONS)).resolves.toMatchObject({ platform: 'WordPress', status: 'OK', canRegister: false, credentialsOk: null });
  });

  it('finds WordPress with its REST API turned off through XML-RPC, and checks the login there', async () => {
    // A front for the blog that hides its REST API (404 for /wp-json and ?rest_route=, no Link header), as some hosts run WordPress.
    const blogUrl = new URL(blog.url);
    const front = await startStubServer((request, response) => {
      const url = request.url ?? '/';
      if (url.startsWith('/wp-json') || url.includes('rest_route=')) return response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      const upstream = http.request({ host: blogUrl.hostname, port: blogUrl.port, method: request.method, path: url, headers: { ...request.headers, host: blogUrl.host } }, (answer) => {
        const headers = { ...answer.headers };
        delete headers.link;
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    });
    stubs.push(front);
    await expect(probeSite({ url: front.url, login: blog.username, password: blog.applicationPassword }, OPTIONS)).resolves.toEqual({
      platform: 'WordPress', status: 'OK', canRegister: false, credentialsOk: true, dofollow: null,
      reason: `WordPress without its REST API (XML-RPC at ${front.url}/xmlrpc.php); the login ${blog.username} works; accounts are created over the REST API only`,
    });
    await expect(probeSite({ url: front.url, login: blog.username, password: 'abcd efgh ijkl mnop qrst uvwx' }, OPTIONS)).resolves.toMatchObject({ platform: 'WordPress', status: 'FAILED', credentialsOk: false });
    await expect(probeSite({ url: front.url, login: null, password: null }, OPTIONS)).resolves.toMatchObject({ platform: 'WordPress', status: 'OK', credentialsOk: null, canRegister: false });
  });

  it('finds MediaWiki, logs in with the bot password and sees that visitors may create accounts', async () => {
    const probe = await probeSite({ url: wiki.url, login: wiki.botUsername, password: wiki.botPassword }, OPTIONS);
    expect(probe).toMatchObject({ platform: 'MediaWiki', status: 'OK', canRegister: true, credentialsOk: true });
    // The wiki's own name is not repeated (remote answers are summarised): its generator and version are.
    expect(probe.reason).toBe(`MediaWiki 1.39.17 (api.php at ${wiki.url}/api.php); visitors can create accounts; the bot password ${wiki.botUsername} works and may create pages`);
    const wrong = await probeSite({ url: wiki.url, login: wiki.botUsername, password: 'x'.repeat(32) }, OPTIONS);
    expect(wrong).toMatchObject({ platform: 'MediaWiki', status: 'FAILED', credentialsOk: false, canRegister: true });
    expect(wrong.reason).toMatch(/the stored login Admin@linkloom is refused/);
  });

  it('says when a MediaWiki login works but may not create pages: a bot password without the grant, a blocked account', async () => {
    // A second bot password of the admin with editpage only (site-mail-and-wikis.md §2: creating pages needs createeditmovepage).
    const printed = execFileSync('php', ['/var/lib/mediawiki/maintenance/createBotPassword.php', '--appid', 'weak', '--grants', 'basic,editpage', 'Admin'], {
      env: { ...process.env, MW_CONFIG_FILE: path.join(wikis.stateDir, 'wiki-0', 'LocalSettings.php') },
    }).toString();
    const weakPassword = /password:'([^']+)'/.exec(printed)?.[1] ?? '';
    expect(weakPassword).not.toBe('');
    const weak = await probeSite({ url: wiki.url, login: 'Admin@weak', password: weakPassword }, OPTIONS);
    expect(weak).toMatchObject({ platform: 'MediaWiki', status: 'FAILED', credentialsOk: true });
    expect(weak.reason).toMatch(/the bot password Admin@weak works, but may not create pages: a bot password needs the grants/);

    const session = new MediaWikiSession(wiki.apiUrl, { timeoutMs: 10_000, siteLabel: wiki.url });
    const username = `Blocked${Date.now().toString(36)}`;
    const password = `Pw-${Date.now().toString(36)}-x`;
    const created = await session.call({ action: 'createaccount', username, password, retype: password, email: '', realname: '', createreturnurl: wiki.url, createtoken: await session.token('createaccount') }, { post: true });
    expect((created.createaccount as { status?: string }).status).toBe('PASS');
    const admin = new MediaWikiSession(wiki.apiUrl, { timeoutMs: 10_000, siteLabel: wiki.url });
    await admin.login(wiki.username, wiki.password);
    await admin.call({ action: 'block', user: username, expiry: 'infinite', reason: 'spam', token: await admin.csrf() }, { post: true });
    const blocked = await probeSite({ url: wiki.url, login: username, password }, OPTIONS);
    expect(blocked).toMatchObject({ platform: 'MediaWiki', status: 'FAILED', credentialsOk: true });
    expect(blocked.reason).toMatch(new RegExp(`the login ${username} works, but the account is blocked from editing$`));
    expect(blocked.reason).not.toContain('spam');
  });

  it('says Unknown for a plain static page', async () => {
    const page = await startStubServer((request, response) => {
      if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><head><title>Hi</title></head><body><p>Static</p></body></html>');
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    stubs.push(page);
    await expect(probeSite({ url: page.url, login: null, password: null }, OPTIONS)).resolves.toEqual({
      platform: 'Unknown',
      status: 'FAILED',
      reason: 'A web page, but none of the platforms LinkLoom publishes to was found (WordPress, MediaWiki, DokuWiki, Shaarli, Ghost): the engine cannot post there',
      canRegister: null,
      credentialsOk: null,
      // No outbound link on the page: whether its links are followed cannot be told.
      dofollow: null,
    });
  });

  it('says why for a closed port, a redirect to another host, a TLS error and an answer that is not a site', async () => {
    const port = await closedPort();
    await expect(probeSite({ url: `http://127.0.0.1:${port}`, login: null, password: null }, OPTIONS)).resolves.toMatchObject({
      platform: 'Unknown',
      status: 'FAILED',
      reason: 'Could not reach the site (connection refused)',
    });

    const redirect = await startStubServer((_request, response) => response.writeHead(301, { location: 'http://other.example/' }).end());
    const json = await startStubServer((_request, response) => response.writeHead(200, { 'content-type': 'application/octet-stream' }).end('binary'));
    stubs.push(redirect, json);
    await expect(probeSite({ url: redirect.url, login: null, password: null }, OPTIONS)).resolves.toMatchObject({
      status: 'FAILED',
      reason: 'The site redirects to another host (http://other.example): add that address instead if it is the same site',
    });
    await expect(probeSite({ url: json.url, login: null, password: null }, OPTIONS)).resolves.toMatchObject({
      status: 'FAILED',
      reason: 'The address answers with application/octet-stream, not a web site',
    });

    tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-probe-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(tlsDir, 'key.pem'), '-out', path.join(tlsDir, 'cert.pem')], { stdio: 'ignore' });
    tls = https.createServer({ key: fs.readFileSync(path.join(tlsDir, 'key.pem')), cert: fs.readFileSync(path.join(tlsDir, 'cert.pem')) }, (_request, response) => response.end('<html></html>'));
    await new Promise<void>((resolve) => tls?.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    const probe = await probeSite({ url: `https://127.0.0.1:${tlsPort}`, login: null, password: null }, OPTIONS);
    expect(probe).toMatchObject({ platform: 'Unknown', status: 'FAILED' });
    expect(probe.reason).toMatch(/^TLS error \(DEPTH_ZERO_SELF_SIGNED_CERT\): the site's certificate is not trusted/);

    await expect(probeSite({ url: 'ftp://example.com', login: null, password: null }, OPTIONS)).resolves.toMatchObject({ status: 'FAILED', reason: 'The address is not an http or https URL' });
  });
});
