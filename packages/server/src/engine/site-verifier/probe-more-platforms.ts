/**
 * The platform verifier's look beyond WordPress and MediaWiki (issue 37): hosted services by the
 * site's host (Blogger, Tumblr, WordPress.com, Forem, Telegraph — their APIs are the services' own,
 * not the site's), and self-hosted DokuWiki, Shaarli and Ghost by asking the site. Each answer is a
 * SiteProbe as probe-site.ts makes them; null means "not this platform". The stored login goes only
 * to the site's own origin (each connector's probe makes sure of it).
 */
import { PLATFORM_DOKUWIKI, PLATFORM_GHOST, PLATFORM_SHAARLI, hostedPlatformOf, type PublishingPlatform } from '@linkloom/shared';
import type { HttpContext } from '../connectors/http';
import { probeDokuWiki } from '../connectors/dokuwiki/probe';
import { adminToken, parseAdminApiKey } from '../connectors/ghost/admin-token';
import { probeShaarli } from '../connectors/shaarli/shaarli-connector';
import { probeGet } from './probe-http';
import type { ProbeOptions, SiteProbe, SiteToProbe } from './probe-site';

/** A site of a hosted service, known by its address: what the verifier can say without the service's own API. */
export function probeHostedSite(site: SiteToProbe): SiteProbe | null {
  const platform: PublishingPlatform | undefined = hostedPlatformOf(site.url);
  if (!platform) return null;
  if (!site.password) {
    return {
      platform: platform.name as SiteProbe['platform'], status: 'FAILED', canRegister: false, credentialsOk: null,
      reason: `${platform.name} (a hosted service, known by its address); no credentials stored: ${platform.credentials}`,
    };
  }
  return {
    platform: platform.name as SiteProbe['platform'], status: 'OK', canRegister: false, credentialsOk: null,
    reason: `${platform.name} (a hosted service, known by its address); the stored credentials are checked by ${platform.name} at the first post. Accounts are not created on hosted services`,
  };
}

/** DokuWiki: its XML-RPC remote API, on or off, and the stored login. */
export async function probeDokuWikiSite(root: string, site: SiteToProbe, ctx: HttpContext, options: ProbeOptions): Promise<SiteProbe | null> {
  const found = await probeDokuWiki(root, {
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
    login: site.login && site.password ? { username: site.login, password: site.password } : null,
  });
  if (!found.dokuwiki) return null;
  const ok = found.remoteApi === 'on' && found.canPost !== false && found.credentialsOk !== false;
  return { platform: PLATFORM_DOKUWIKI, status: ok ? 'OK' : 'FAILED', reason: found.reason.replace(/\.$/, ''), canRegister: false, credentialsOk: found.credentialsOk };
}

/** Shaarli: its REST API and, with the stored password as the API secret, whether it takes it. */
export async function probeShaarliSite(root: string, site: SiteToProbe, ctx: HttpContext, options: ProbeOptions): Promise<SiteProbe | null> {
  const found = await probeShaarli(root, {
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
    ...(site.password ? { apiSecret: site.password } : {}),
  });
  if (!found.shaarli) return null;
  const reason = found.message.replace(/\.$/, '');
  if (found.api === 'enabled') return { platform: PLATFORM_SHAARLI, status: 'OK', reason, canRegister: false, credentialsOk: true };
  return { platform: PLATFORM_SHAARLI, status: 'FAILED', reason, canRegister: false, credentialsOk: found.api === 'refused' ? false : null };
}

/**
 * Ghost: the Admin API's site endpoint answers anyone with the site's title and Ghost's version
 * (GET {site}/ghost/api/admin/site/). The Admin API key is checked by Ghost at the first post.
 */
export async function probeGhostSite(root: string, site: SiteToProbe, ctx: HttpContext): Promise<SiteProbe | null> {
  const answer = await probeGet(`${root}/ghost/api/admin/site/`, ctx, { accept: 'application/json' }).catch(() => undefined);
  if (!answer || answer.status !== 200) return null;
  let data: { site?: { version?: unknown } } | undefined;
  try {
    data = JSON.parse(answer.body) as typeof data;
  } catch {
    return null;
  }
  if (!data?.site || typeof data.site !== 'object') return null;
  const version = typeof data.site.version === 'string' && /^\d+(\.\d+){0,2}$/.test(data.site.version) ? ` ${data.site.version}` : '';
  const api = `Ghost${version} (Admin API at ${root}/ghost/api/admin/)`;
  if (!site.password) {
    return { platform: PLATFORM_GHOST, status: 'FAILED', reason: `${api}; no Admin API key stored: add a custom integration's key (id:secret, Settings → Integrations) as the password`, canRegister: false, credentialsOk: null };
  }
  const key = parseAdminApiKey(site.password.trim());
  if (!key) {
    return { platform: PLATFORM_GHOST, status: 'FAILED', reason: `${api}; the stored password is no Admin API key: it is id:secret as Settings → Integrations shows it`, canRegister: false, credentialsOk: false };
  }
  // One read as the integration: does Ghost take the key? (The site's own origin only: root is the site.)
  const posts = await probeGet(`${root}/ghost/api/admin/posts/?limit=1&fields=id`, ctx, { accept: 'application/json', authorization: `Ghost ${adminToken(key)}` });
  if (posts.status === 401 || posts.status === 403) {
    return { platform: PLATFORM_GHOST, status: 'FAILED', reason: `${api}; the stored Admin API key is refused (HTTP ${posts.status}): copy it again from Settings → Integrations`, canRegister: false, credentialsOk: false };
  }
  if (posts.status !== 200) return { platform: PLATFORM_GHOST, status: 'FAILED', reason: `${api}; checking the Admin API key answered HTTP ${posts.status}`, canRegister: false, credentialsOk: null };
  return { platform: PLATFORM_GHOST, status: 'OK', reason: `${api}; the Admin API key works: posts are published as the site's integration`, canRegister: false, credentialsOk: true };
}
