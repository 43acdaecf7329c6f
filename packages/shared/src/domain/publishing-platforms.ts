/**
 * The platforms LinkLoom publishes to (issue 37), one catalogue for both sides: which modules each
 * can serve, whether it is software the user runs (found by the platform verifier at the site's
 * address) or a hosted service (found by the site's host), and what the site's login and password
 * hold for it. The engine registers one connector per platform under the same name
 * (engine/connectors/registry.ts); the screens say from here which modules can publish with the
 * user's sites. docs/connectors.md tells how to add the next one.
 */
import { MODULE_MESSAGES, UNRUNNABLE_MODULES } from '../constants/module-messages';
import type { ModuleId } from '../constants/modules';

export interface PublishingPlatform {
  /** The name the site lists, the verifier and the connector registry use. */
  name: string;
  /** Software the user runs on a site of theirs, or a hosted service reached through its public API. */
  hosting: 'selfHosted' | 'hosted';
  /** The modules whose work it publishes. */
  modules: readonly ModuleId[];
  /** What the site's login and password hold for it, for the site forms and the guide. */
  credentials: string;
  /** Hosted services: the hosts a site of theirs has (the verifier recognises them by it). */
  hosts?: readonly RegExp[];
}

/** Blog posts in their three guises: an article, an article directory entry, a press release. */
const ARTICLES = ['SocialNetwork', 'ArticleDirectory', 'PressRelease'] as const satisfies readonly ModuleId[];

export const PUBLISHING_PLATFORMS = [
  {
    name: 'WordPress', hosting: 'selfHosted', modules: [...ARTICLES, 'WebProfile', 'ForumProfile', 'PDF', 'Private'],
    credentials: 'The WordPress user name and an application password (Users → Profile → Application Passwords)',
  },
  {
    name: 'MediaWiki', hosting: 'selfHosted', modules: ['Wiki', 'WebProfile', 'ForumProfile', 'PDF'],
    credentials: 'A bot password (User@app, Special:BotPasswords, grant "Create, edit, and move pages") or the account\'s own password',
  },
  {
    name: 'DokuWiki', hosting: 'selfHosted', modules: ['Wiki', 'WebProfile', 'ForumProfile', 'PDF'],
    credentials: 'The wiki user name and password; the wiki\'s remote API must be on (remote, remoteuser)',
  },
  {
    name: 'Shaarli', hosting: 'selfHosted', modules: ['Bookmarking', 'PrivateBookmark'],
    credentials: 'The Shaarli login, and its REST API secret as the password (Tools → Configure)',
  },
  {
    name: 'Ghost', hosting: 'selfHosted', modules: [...ARTICLES],
    credentials: 'An Admin API key (id:secret, Settings → Integrations) as the password',
  },
  {
    name: 'Blogger', hosting: 'hosted', modules: [...ARTICLES], hosts: [/\.blogspot\.[a-z.]+$/],
    credentials: 'An OAuth 2.0 access token with the Blogger scope as the password',
  },
  {
    name: 'Tumblr', hosting: 'hosted', modules: ['SocialNetwork'], hosts: [/^(?!www\.)[a-z0-9-]+\.tumblr\.com$/],
    credentials: 'The four OAuth 1.0a values as the password: consumerKey:consumerSecret:token:tokenSecret',
  },
  {
    name: 'WordPress.com', hosting: 'hosted', modules: [...ARTICLES], hosts: [/\.wordpress\.com$/],
    credentials: 'An OAuth 2.0 access token for the blog as the password',
  },
  {
    name: 'Forem', hosting: 'hosted', modules: ['SocialNetwork', 'ArticleDirectory'], hosts: [/^dev\.to$/],
    credentials: 'The Forem API key (Settings → Extensions) as the password',
  },
  {
    name: 'Telegraph', hosting: 'hosted', modules: ['SocialNetwork'], hosts: [/^telegra\.ph$/],
    credentials: 'The Telegraph access token as the password; the user name is the author shown',
  },
] as const satisfies readonly PublishingPlatform[];

export type PublishingPlatformName = (typeof PUBLISHING_PLATFORMS)[number]['name'];

/** Modules no platform can publish, with the reason (shown wherever they can be chosen). */
export const UNSUPPORTED_MODULES: Readonly<Partial<Record<ModuleId, string>>> = UNRUNNABLE_MODULES;

export function publishingPlatform(name: string): PublishingPlatform | undefined {
  const wanted = name.toLowerCase();
  return (PUBLISHING_PLATFORMS as readonly PublishingPlatform[]).find((platform) => platform.name.toLowerCase() === wanted);
}

/** The hosted service a site's address belongs to, by its host (the verifier's first look). */
export function hostedPlatformOf(siteUrl: string): PublishingPlatform | undefined {
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(siteUrl) ? siteUrl : `https://${siteUrl}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return (PUBLISHING_PLATFORMS as readonly PublishingPlatform[]).find((platform) => platform.hosts?.some((pattern) => pattern.test(host)));
}

/** Whether a site of `platform` can publish the work of `module`. */
export function platformPublishes(platform: string, module: string): boolean {
  return publishingPlatform(platform)?.modules.some((served) => served === module) ?? false;
}

/** The platforms that can publish a module's work (none for Google Place; Account Creation and Indexer are not publishing modules). */
export function platformsFor(module: string): string[] {
  return (PUBLISHING_PLATFORMS as readonly PublishingPlatform[]).filter((platform) => platform.modules.some((served) => served === module)).map((platform) => platform.name);
}

/** Modules whose post is the account's own profile, not a new post. */
const PROFILE_MODULES: ReadonlySet<string> = new Set(['WebProfile', 'ForumProfile']);

/**
 * Why a site of `platform` cannot take a project's post of `module`, or null when it can: a site
 * whose platform the verifier has not found (the run tries it as WordPress), a platform with no
 * connector, and for profiles and PDFs a platform with no profile page or media library LinkLoom
 * can write to. Any platform with a connector publishes the article-style modules as a new post.
 */
export function whySiteCannotPublish(platform: string, module: string): string | null {
  if (platform.trim() === '' || platform.toLowerCase() === 'unknown') return MODULE_MESSAGES.platformUnknown;
  const known = publishingPlatform(platform);
  if (!known) return MODULE_MESSAGES.noConnector(platform);
  const serves = known.modules.some((served) => served === module);
  if (PROFILE_MODULES.has(module) && !serves) return MODULE_MESSAGES.noProfilePage(known.name);
  if (module === 'PDF' && !serves) return MODULE_MESSAGES.noDocumentUpload(known.name);
  return null;
}
