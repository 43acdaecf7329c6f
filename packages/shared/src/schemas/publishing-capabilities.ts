import { z } from 'zod';

/**
 * Which modules can publish with the user's sites (issue 37 item 6): per module, the platforms that
 * publish its work, and how many of the user's own sites (custom sites and private networks) can
 * serve it — verified on such a platform — or might once verified. GET /rest/publishing/modules
 * answers it; the site grids, the designer's palette and the wizard show it.
 */
export const ModuleCapabilitySchema = z.object({
  module: z.string(),
  label: z.string(),
  /** Platforms whose connector publishes this module's work. */
  platforms: z.array(z.string()),
  /** Why no platform can (Google Place); null when some can. */
  unsupported: z.string().nullable(),
  /** The user's sites verified on one of those platforms that serve this module. */
  sites: z.number().int(),
  /** The user's sites listed under this module whose platform is not known yet (not verified). */
  unverified: z.number().int(),
});
export type ModuleCapability = z.infer<typeof ModuleCapabilitySchema>;

export const PublishingCapabilitiesSchema = z.object({ modules: z.array(ModuleCapabilitySchema) });
export type PublishingCapabilities = z.infer<typeof PublishingCapabilitiesSchema>;

/** A module's capability in words, for a tooltip or a palette entry. */
export function describeModuleCapability(capability: ModuleCapability): string {
  if (capability.unsupported) return capability.unsupported;
  const where = `Publishes to ${capability.platforms.join(', ')}`;
  if (capability.sites > 0) return `${where}: ${capability.sites === 1 ? '1 of your sites is' : `${capability.sites} of your sites are`} ready.`;
  if (capability.unverified > 0) return `${where}: ${capability.unverified === 1 ? '1 of your sites is' : `${capability.unverified} of your sites are`} not verified yet — run the platform verifier.`;
  return `${where}: none of your sites can publish it yet — add one (Sites) on one of these platforms.`;
}
