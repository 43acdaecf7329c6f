/**
 * The one interface every publishing platform implements (WordPress now; MediaWiki and others plug
 * in the same way through the registry). A connector is stateless towards the engine: it gets the
 * site, the credentials and the finished post, talks the platform's documented protocol and answers
 * with the public URL, or throws a {@link PublishError} whose message a user can act on.
 */

/** Where to publish and as whom. `password` is an application password, or the account password. */
export interface PublishTarget {
  siteUrl: string;
  username: string;
  password: string;
}

/** A featured image, either fetched by the connector from `url` or given as bytes. */
export type FeaturedImage =
  | { url: string; alt?: string }
  | { bytes: Uint8Array; filename: string; contentType: string; alt?: string };

/**
 * What the engine records, committed, before it asks a site to publish (engine_posts.intent_*,
 * migration 0038): after an unknown outcome (a crash, a timeout, a lost answer) the item is looked
 * up on the site by these, never by a marker in the post. Nothing of the engine's own ids reaches
 * the site: the name comes from the post's title ({@link Connector.chooseName}).
 */
export interface PublishIntent {
  /** The post's title as sent. */
  title: string;
  /** The item's name on the site: WordPress the slug, MediaWiki the page name (as the wiki writes it). */
  name: string;
  /** Wall-clock ms when this name was first recorded for the post: the item cannot be older (allowing for clock skew). */
  at: number;
}

export interface PublishPost {
  title: string;
  /** The post body as HTML (links, images and videos already placed by the content pipeline). */
  html: string;
  tags: string[];
  featuredImage?: FeaturedImage;
  /**
   * Categories the post is filed under (Article Directory: `Articles`, Press Release: `Press
   * Releases`; issue 37 item 3): WordPress finds or creates each (creating needs an editor's
   * rights: without them the post goes out without it, and a warning says so), a wiki lists the
   * page in it. Platforms without categories leave them out. None: the platform's default.
   */
  categories?: string[];
  /** The intent recorded for this call (its title is {@link title}). */
  intent: PublishIntent;
}

/**
 * What a Web 2.0 Profile or Forum Profile post writes on the account's own profile (issue 37
 * item 3), instead of a new post: a short bio with the link.
 */
export interface ProfileUpdate {
  /** The bio as plain text (a platform whose bio takes no markup). */
  bio: string;
  /** The profile's website: its main link. */
  url: string;
  /** That link's anchor (a platform that shows the website as a titled link). */
  anchor: string;
  /** The bio as inline HTML with its links (`<a href>`): no block elements. */
  html: string;
}

/**
 * A document a PDF post uploads to the site's media library (issue 37 item 4). The file's name
 * comes from the intent's name, which the connector chose from the title
 * ({@link Connector.chooseDocumentName}): never from our ids.
 */
export interface PublishDocument {
  title: string;
  bytes: Uint8Array;
  contentType: 'application/pdf';
  /** The intent recorded for this call: the document is found again by it after an unknown outcome. */
  intent: PublishIntent;
}

/** What {@link Connector.chooseName} reads of a post: its title, and its text for a word that tells it apart. */
export type NamedPost = Pick<PublishPost, 'title' | 'html'>;

/**
 * The names among `names` that other posts of this installation have recorded for the same site:
 * a name two of our posts intend could not tell them apart after an unknown outcome.
 */
export type ClaimedNames = (names: readonly string[]) => Promise<ReadonlySet<string>>;

/** Which of a platform's APIs to use; `auto` picks the preferred one and falls back. */
export type ConnectorTransport = 'auto' | 'rest' | 'xmlrpc';

export interface PublishOptions {
  /** Limit for each HTTP request the connector makes (the options' waitTimeOut). */
  timeoutMs: number;
  /**
   * Proxy to post through (`http://user:pass@host:port`). Needs a dispatcher factory or the `undici`
   * package; see the WordPress connector.
   */
  proxy?: string;
  /** Aborts the work in flight (Stop); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  transport?: ConnectorTransport;
}

export interface PublishResult {
  /** Public URL of the published post. */
  url: string;
  /** The platform's id of the post. */
  remoteId: string;
  /** Things that went wrong without stopping the post, e.g. a featured image that could not be fetched. */
  warnings: string[];
}

export interface PublishedPost {
  url: string;
  remoteId: string;
  /** The platform's status of the post, e.g. `publish`, `draft`, `future`. */
  status: string;
}

/** Answer of {@link Connector.detect}: which platform a site runs and what it offers. */
export interface DetectedPlatform {
  platform: string;
  apis: string[];
}

/** Input of {@link Connector.register}: an account to create on a site with an admin credential. */
export interface AccountToRegister {
  username: string;
  email: string;
  password: string;
  /** The account creation form's names (WordPress: first, last and display name; MediaWiki: the real name). */
  firstName?: string;
  lastName?: string;
  /** WordPress: the nickname (blogName); MediaWiki accounts have no such fields. */
  blogTitle?: string;
  blogName?: string;
  /** A line about the author (WordPress: the profile's description; the blog title when none). */
  bio?: string;
}

/**
 * Answer of {@link Connector.findRegistered}: the account asked for exists and is ours (same
 * address, or our password logs it in: `target` posts as it), the name is someone else's, or
 * there is no such account.
 */
export type RegisteredLookup =
  | { state: 'ours'; target: PublishTarget }
  | { state: 'taken' }
  | { state: 'absent' };

/** One link of a published item to send elsewhere: every link to `from` goes to `to` instead, its anchor kept. */
export interface LinkChange {
  from: string;
  to: string;
}

/** Which published item {@link Connector.updateLinks} edits: its platform id and public URL as recorded when it was published. */
export interface PublishedItem {
  remoteId: string;
  url: string;
}

export interface Connector {
  /** Registry key as the site lists spell the platform, e.g. `WordPress` (PLATFORM_WORDPRESS). */
  readonly platform: string;
  publish(target: PublishTarget, post: PublishPost, options: PublishOptions): Promise<PublishResult>;
  /**
   * A name for the post that is free on the site and not claimed by another of our posts: the
   * title as the platform writes names (WordPress's slug of it, the wiki's page title), else the
   * title told apart by a word of its own text, as a person would ("Title (Gardening)"). Asked
   * before the intent is recorded; it makes nothing on the site.
   */
  chooseName(target: PublishTarget, post: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string>;
  /**
   * Looks up the item an earlier call with this intent made: by its name, made by `target`'s user
   * at or after the intent's time; `null` when there is none. Used to reconcile an unknown outcome
   * (timeout, dropped connection, crash) before retrying, so that no post is made twice.
   */
  findPublished(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null>;
  /** Creates an account on the site (MediaWiki: as a visitor, `admin` only names the site; WordPress: an author, with an administrator's login). */
  register?(admin: PublishTarget, account: AccountToRegister, options: PublishOptions): Promise<PublishTarget>;
  /**
   * Looks up the account {@link register} would make, after an attempt whose outcome is not known
   * (a crash, a timeout): an account registered by that attempt is found and answered as `ours`
   * (WordPress: with a fresh application password), so it is never created twice.
   */
  findRegistered?(admin: PublishTarget, account: AccountToRegister, options: PublishOptions): Promise<RegisteredLookup>;
  /**
   * Edits a published item in place so its links to each change's `from` go to `to` (issue 36: a
   * lower-tier post re-pointed from a dead upper-tier page to a live one). Reads the item as the site
   * has it now (a person may have edited it since), changes only those links' addresses, and saves
   * it as `target`'s user. Idempotent: an item with no link to `from` left is not saved again and
   * answers `changed: 0`. Platforms without editing by API leave it out.
   */
  updateLinks?(target: PublishTarget, item: PublishedItem, changes: readonly LinkChange[], options: PublishOptions): Promise<{ changed: number }>;
  /**
   * Writes the profile of `target`'s own account (issue 37 item 3: Web 2.0 Profile, Forum
   * Profile): its website and bio, with the link. Answers the profile's PUBLIC address (the
   * output link) and the platform's id of it. Idempotent by nature: it sets fields, so a retry after
   * an unknown outcome sets them again and nothing is ever made twice (no look-up is needed).
   * Platforms without a profile page editable by API leave it out (the engine refuses such posts
   * with MODULE_MESSAGES.noProfilePage).
   */
  updateProfile?(target: PublishTarget, profile: ProfileUpdate, options: PublishOptions): Promise<PublishResult>;
  /**
   * The name a document takes in the site's media library (issue 37 item 4), chosen like
   * {@link chooseName}: from the title (WordPress: the attachment's slug, the file named after it;
   * MediaWiki: `File:Title.pdf`), free on the site and claimed by no other post of ours.
   */
  chooseDocumentName?(target: PublishTarget, doc: NamedPost, claimed: ClaimedNames, options: PublishOptions): Promise<string>;
  /** Uploads the document under its intent's name; answers the FILE's public address (the output link). */
  publishDocument?(target: PublishTarget, doc: PublishDocument, options: PublishOptions): Promise<PublishResult>;
  /**
   * The document an earlier {@link publishDocument} with this intent uploaded (by its name, by
   * `target`'s user, at or after the intent), `url` its file's address; null when there is none.
   * Asked after an unknown outcome, so a lost answer never uploads twice.
   */
  findDocument?(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null>;
  /** Later: find out whether a site runs this platform (not implemented by any connector yet). */
  detect?(siteUrl: string, options: PublishOptions): Promise<DetectedPlatform | null>;
}

export type PublishErrorKind = 'auth' | 'notFound' | 'rateLimited' | 'timeout' | 'network' | 'rejected';

/**
 * A finer reason a connector may give within a kind, for callers and tests that must tell them
 * apart (e.g. MediaWiki: `badCredentials`, `pageExists`, `blocked`, `rateLimited`, `readOnly`).
 */
export type PublishErrorCode = 'badCredentials' | 'pageExists' | 'accountExists' | 'blocked' | 'rateLimited' | 'readOnly' | 'permissionDenied' | 'refusedContent';

export interface PublishErrorDetails {
  retryable?: boolean;
  /** From Retry-After (rate limits, some 503s). */
  retryAfterMs?: number;
  /**
   * True when the request that creates the post may have reached the site before it failed: the
   * post may exist. Reconcile with `findPublished` before retrying.
   */
  outcomeUnknown?: boolean;
  /** HTTP status when the site answered. */
  status?: number;
  code?: PublishErrorCode;
  cause?: unknown;
}

const RETRYABLE_BY_DEFAULT: Record<PublishErrorKind, boolean> = {
  auth: false,
  notFound: false,
  rateLimited: true,
  timeout: true,
  network: true,
  rejected: false,
};

/** A publishing failure with a message for the user (stored as the site's / project's lastError). */
export class PublishError extends Error {
  override readonly name = 'PublishError';
  readonly kind: PublishErrorKind;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;
  readonly status: number | undefined;
  readonly code: PublishErrorCode | undefined;

  constructor(kind: PublishErrorKind, message: string, details: PublishErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.retryable = details.retryable ?? RETRYABLE_BY_DEFAULT[kind];
    this.retryAfterMs = details.retryAfterMs;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.status = details.status;
    this.code = details.code;
  }

  /** The same error, flagged as possibly having created the post (or, with false, as surely not). */
  withOutcomeUnknown(outcomeUnknown: boolean): PublishError {
    if (outcomeUnknown === this.outcomeUnknown) return this;
    return new PublishError(this.kind, this.message, {
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
      outcomeUnknown,
      status: this.status,
      ...(this.code === undefined ? {} : { code: this.code }),
      cause: this.cause,
    });
  }
}

export function isPublishError(error: unknown): error is PublishError {
  return error instanceof PublishError;
}
