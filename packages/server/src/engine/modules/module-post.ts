/**
 * A posting project's post as its module makes it (issue 37 items 3–4; engine/README.md
 * "Modules"), for post.publish (runner/post-publish.job.ts): what is recorded for it (its links
 * are those the item really carries), how its intent is chosen, how it is sent and how an item an
 * earlier try made is found again. The engine's discipline is the same for every module:
 * `publishing` and the intent are committed before the site is asked, and an unknown outcome is
 * looked up before the next try —
 * - article (Web 2.0 Blogs, Wiki, …): a new post, `connector.publish`, as before;
 * - directory (Article Directory, Press Release): the same with the module's category and the
 *   first link moved into an author box at the article's end (author-text.ts);
 * - profile (Web 2.0 Profile, Forum Profile): the account's own profile gets a short bio with the
 *   links (`connector.updateProfile`); setting fields again changes nothing, so there is nothing to
 *   look up (a retry sets them again). Its intent name is `profile:<account>` (kept in the database
 *   only, never sent): one post of ours holds an account's profile on a site at a time;
 * - document (PDF): the article as a PDF (pdf-render.ts, on a content pool thread) uploaded to the
 *   media library under a name from its title (`chooseDocumentName`, `publishDocument`), found again
 *   by that name after a lost answer (`findDocument`), so it is never uploaded twice.
 */
import { MODULE_MESSAGES } from '@linkloom/shared';
import {
  PublishError, type Connector, type NamedPost, type PublishedPost, type PublishIntent, type PublishOptions, type PublishResult, type PublishTarget,
} from '../connectors/connector';
import { pdfWork } from '../content-work/content-work';
import type { ComposedPost } from '../runner/compose-post';
import { chooseIntent, intentSite, type RecordedIntent } from '../runner/publish-intent';
import type { PostRow } from '../runner/runs.repository';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { profileOf, withAuthorBox, type AuthorIdentity } from './author-text';
import { MODULE_CATEGORIES, type PostStyle } from './module-style';

export const MODULE_POST_MESSAGES = {
  profileHeld: (username: string, siteUrl: string) =>
    `The profile of ${username} on ${siteUrl} already carries the links of another post of yours (a profile holds one bio): use another account of the profile for this site`,
} as const;

/** The post as its module sends it. */
export interface ModulePost {
  style: PostStyle;
  /** What beginPublishing records: the built post with the HTML sent and the links the item carries. */
  composed: ComposedPost;
  /** The intent of this try (the connector's choice of name, or a profile's own name). */
  intent(db: Kysely<DB>, target: PublishTarget, post: Pick<PostRow, 'id' | 'intent_name' | 'intent_site' | 'intent_at'>, options: PublishOptions): Promise<RecordedIntent>;
  /** Sends it under the intent recorded. */
  send(target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishResult>;
}

/** What a profile post records as its intent's name: the account's, in a form no slug or page name takes. */
export function profileIntentName(username: string): string {
  return `profile:${username.trim().toLowerCase()}`;
}

/**
 * The item an earlier try with this intent made, by the module's look-up: a profile has none to
 * find (setting it again is harmless: null), a document its `findDocument`, the rest `findPublished`.
 */
export function findModuleItem(style: PostStyle, connector: Connector, target: PublishTarget, intent: PublishIntent, options: PublishOptions): Promise<PublishedPost | null> {
  if (style === 'profile') return Promise.resolve(null);
  if (style === 'document') return connector.findDocument ? connector.findDocument(target, intent, options) : Promise.resolve(null);
  return connector.findPublished(target, intent, options);
}

/** The connector choosing a document's name where it chooses a post's (chooseIntent asks `chooseName`). */
function documentNamer(connector: Connector, chooseDocumentName: NonNullable<Connector['chooseDocumentName']>): Connector {
  const namer = Object.create(connector) as Connector;
  namer.chooseName = (target, post: NamedPost, claimed, options) => chooseDocumentName.call(connector, target, post, claimed, options);
  return namer;
}

export interface ModulePostInput {
  style: PostStyle;
  module: string;
  connector: Connector;
  composed: ComposedPost;
  author: AuthorIdentity;
  /** The post's seed (its idempotency key): the module's wordings are drawn from it. */
  seed: string;
  /** Wall-clock ms: a PDF's dates. */
  now: number;
  signal?: AbortSignal;
}

/**
 * The post as the module makes it (see the module's comment). Throws the PublishError a user acts
 * on when the site's platform cannot do what the module needs (no profile page, no media library).
 */
export async function prepareModulePost(input: ModulePostInput): Promise<ModulePost> {
  const { style, connector, composed } = input;
  const { built } = composed;
  const chosen = (namer: Connector): ModulePost['intent'] => (db, target, post, options) => chooseIntent(db, namer, target, post, built, options);
  switch (style) {
    case 'profile': {
      const update = connector.updateProfile?.bind(connector);
      if (!update) throw new PublishError('rejected', MODULE_MESSAGES.noProfilePage(connector.platform), { retryable: false });
      const { profile, links } = profileOf(built, input.author, input.seed);
      return {
        style,
        composed: { ...composed, built: { ...built, html: profile.html, links } },
        intent: async (_db, target, post) => {
          const site = intentSite(target.siteUrl);
          const name = profileIntentName(target.username);
          const kept = post.intent_name === name && post.intent_site === site && post.intent_at !== null;
          return { title: built.title, name, site, at: kept ? post.intent_at! : Date.now() };
        },
        send: (target, _intent, options) => update(target, profile, options),
      };
    }
    case 'document': {
      const { chooseDocumentName, publishDocument } = connector;
      if (!chooseDocumentName || !publishDocument) throw new PublishError('rejected', MODULE_MESSAGES.noDocumentUpload(connector.platform), { retryable: false });
      const bytes = await pdfWork({ title: built.title, html: built.html, author: input.author.name, createdAt: input.now }, input.signal ? { signal: input.signal } : {});
      return {
        style,
        composed,
        intent: chosen(documentNamer(connector, chooseDocumentName)),
        send: (target, intent, options) => publishDocument.call(connector, target, { title: built.title, bytes, contentType: 'application/pdf', intent }, options),
      };
    }
    case 'directory': {
      const boxed = withAuthorBox(built, input.module, input.author, input.seed);
      const category = MODULE_CATEGORIES[input.module];
      return {
        style,
        composed: { ...composed, built: boxed },
        intent: chosen(connector),
        send: (target, intent, options) => connector.publish(target, {
          title: boxed.title, html: boxed.html, tags: boxed.tags, intent, ...(category ? { categories: [category] } : {}),
          ...(composed.featuredImageUrl ? { featuredImage: { url: composed.featuredImageUrl, alt: boxed.title } } : {}),
        }, options),
      };
    }
    default:
      return {
        style,
        composed,
        intent: chosen(connector),
        send: (target, intent, options) => connector.publish(target, {
          title: built.title, html: built.html, tags: built.tags, intent,
          ...(composed.featuredImageUrl ? { featuredImage: { url: composed.featuredImageUrl, alt: built.title } } : {}),
        }, options),
      };
  }
}
