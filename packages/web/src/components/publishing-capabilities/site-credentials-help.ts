import { UNSUPPORTED_MODULES, hostedPlatformOf, moduleLabel, platformPublishes, publishingPlatform, platformsFor, type ModuleId, type PublishingPlatform } from '@linkloom/shared';

/** What a site form says its login and password hold, for the address and module chosen so far. */
export interface SiteCredentialsHelp {
  /** The platforms it may be on, each with what its login and password hold (the catalogue's words). */
  platforms: { name: string; credentials: string }[];
  /** True when the address itself names the platform (a hosted service: *.blogspot.com, telegra.ph …). */
  recognised: boolean;
  /** A warning about the pair (a hosted service that does not publish the module), else null. */
  note: string | null;
}

const entry = (platform: PublishingPlatform) => ({ name: platform.name, credentials: platform.credentials });

/**
 * The help under a site's password field (issue 37): an address of a hosted service names its one
 * platform (and whether it publishes the module chosen); otherwise the platforms that publish the
 * module — only the self-hosted ones once an address is typed, since the verifier tells a hosted
 * service by its address alone; with neither, no platform (the form says to choose first).
 */
export function siteCredentialsHelp(url: string | undefined, module: string | undefined): SiteCredentialsHelp {
  const address = url?.trim() ?? '';
  const hosted = address === '' ? undefined : hostedPlatformOf(address);
  if (hosted) {
    const publishes = !module || platformPublishes(hosted.name, module);
    const note = publishes ? null : `${hosted.name} does not publish ${moduleLabel(module)}: it publishes ${hosted.modules.map(moduleLabel).join(', ')}`;
    return { platforms: [entry(hosted)], recognised: true, note };
  }
  if (!module) return { platforms: [], recognised: false, note: null };
  const unsupported = UNSUPPORTED_MODULES[module as ModuleId];
  const platforms = platformsFor(module)
    .map((name) => publishingPlatform(name))
    .filter((platform): platform is PublishingPlatform => platform !== undefined && (address === '' || platform.hosting === 'selfHosted'));
  return { platforms: platforms.map(entry), recognised: false, note: unsupported ?? null };
}
