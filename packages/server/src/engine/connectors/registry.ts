import type { Connector } from './connector';
import { createMediaWikiConnector, type MediaWikiConnectorOptions } from './mediawiki/mediawiki-connector';
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
}

/** The registry the engine uses: every connector the product ships. */
export function createDefaultConnectorRegistry(options: DefaultConnectorsOptions = {}): ConnectorRegistry {
  return new ConnectorRegistry().register(createWordPressConnector(options.wordpress)).register(createMediaWikiConnector(options.mediawiki));
}
