import type { Connector } from './connector';
import { createBloggerConnector, type BloggerConnectorOptions } from './blogger/blogger-connector';
import { createDokuWikiConnector, type DokuWikiConnectorOptions } from './dokuwiki/dokuwiki-connector';
import { createForemConnector, type ForemConnectorOptions } from './forem/forem-connector';
import { createGhostConnector, type GhostConnectorOptions } from './ghost/ghost-connector';
import { createMediaWikiConnector, type MediaWikiConnectorOptions } from './mediawiki/mediawiki-connector';
import { createShaarliConnector, type ShaarliConnectorOptions } from './shaarli/shaarli-connector';
import { createTelegraphConnector, type TelegraphConnectorOptions } from './telegraph/telegraph-connector';
import { createTumblrConnector, type TumblrConnectorOptions } from './tumblr/tumblr-connector';
import { createWordPressComConnector, type WordPressComConnectorOptions } from './wordpress-com/wordpress-com-connector';
import { createWordPressConnector, type WordPressConnectorOptions } from './wordpress/wordpress-connector';

/** Connectors by platform name as the site lists spell it (`WordPress`, …), matched case-insensitively. */
export class ConnectorRegistry {
  private readonly connectors = new Map<string, Connector>();

  register(connector: Connector): this {
    const key = connector.platform.toLowerCase();
    if (this.connectors.has(key)) throw new Error(`A connector for the platform "${connector.platform}" is already registered`);
    this.connectors.set(key, connector);
    return this;
  }

  has(platform: string): boolean {
    return this.connectors.has(platform.toLowerCase());
  }

  /** The connector for a platform; throws a message naming the platforms there are. */
  get(platform: string): Connector {
    const connector = this.connectors.get(platform.toLowerCase());
    if (!connector) {
      const known = this.platforms().join(', ') || 'none';
      throw new Error(`Publishing to ${platform} sites is not supported (platforms with a connector: ${known})`);
    }
    return connector;
  }

  platforms(): string[] {
    return [...this.connectors.values()].map((connector) => connector.platform);
  }
}

export interface DefaultConnectorsOptions {
  wordpress?: WordPressConnectorOptions;
  mediawiki?: MediaWikiConnectorOptions;
  dokuwiki?: DokuWikiConnectorOptions;
  shaarli?: ShaarliConnectorOptions;
  ghost?: GhostConnectorOptions;
  blogger?: BloggerConnectorOptions;
  tumblr?: TumblrConnectorOptions;
  wordpressCom?: WordPressComConnectorOptions;
  forem?: ForemConnectorOptions;
  telegraph?: TelegraphConnectorOptions;
}

/**
 * The registry the engine uses: every connector the product ships, one per platform of the shared
 * catalogue (PUBLISHING_PLATFORMS; a unit test holds them together). Adding a platform is a folder
 * of its own and a line here (docs/connectors.md).
 */
export function createDefaultConnectorRegistry(options: DefaultConnectorsOptions = {}): ConnectorRegistry {
  return new ConnectorRegistry()
    .register(createWordPressConnector(options.wordpress))
    .register(createMediaWikiConnector(options.mediawiki))
    .register(createDokuWikiConnector(options.dokuwiki))
    // One Shaarli connector for Bookmarking and Private Bookmark: a bookmark marked private is hidden
    // from visitors and search engines, so a private-network bookmark is public on the user's own site.
    .register(createShaarliConnector(options.shaarli))
    .register(createGhostConnector(options.ghost))
    .register(createBloggerConnector(options.blogger))
    .register(createTumblrConnector(options.tumblr))
    .register(createWordPressComConnector(options.wordpressCom))
    .register(createForemConnector(options.forem))
    .register(createTelegraphConnector(options.telegraph));
}
