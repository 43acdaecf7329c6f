import { describeModuleCapability, type ModuleCapability } from '@linkloom/shared';

/** What a module's badge says about it: ready sites, sites still to verify, none, or never. */
export type CapabilityTone = 'ready' | 'unverified' | 'none' | 'unsupported';

/** How a module's badge looks and reads. */
export interface CapabilityBadgeState {
  tone: CapabilityTone;
  /** The tag's own words: "3 sites", "not verified", "no site", "not supported". */
  text: string;
  /** antd preset colour of the tag; undefined is antd's neutral tag. */
  colour: 'green' | 'gold' | 'red' | undefined;
  /** The tooltip: the shared words for the capability (which platforms, how many sites, what to do). */
  description: string;
}

const COLOUR: Readonly<Record<CapabilityTone, CapabilityBadgeState['colour']>> = {
  ready: 'green', unverified: 'gold', none: undefined, unsupported: 'red',
};

/** The tone of a capability: unsupported first (no site can help), then ready sites, then unverified ones. */
export function capabilityTone(capability: ModuleCapability): CapabilityTone {
  if (capability.unsupported) return 'unsupported';
  if (capability.sites > 0) return 'ready';
  if (capability.unverified > 0) return 'unverified';
  return 'none';
}

function toneText(tone: CapabilityTone, sites: number): string {
  switch (tone) {
    case 'ready': return sites === 1 ? '1 site' : `${sites} sites`;
    case 'unverified': return 'not verified';
    case 'none': return 'no site';
    case 'unsupported': return 'not supported';
  }
}

/**
 * The badge of a module (GET /rest/publishing/modules): green with the count of the user's sites
 * that can publish it, gold while the only sites listed under it are not verified yet, neutral with
 * none, red when no platform can (Google Place), with describeModuleCapability as its tooltip.
 */
export function capabilityBadgeState(capability: ModuleCapability): CapabilityBadgeState {
  const tone = capabilityTone(capability);
  return { tone, text: toneText(tone, capability.sites), colour: COLOUR[tone], description: describeModuleCapability(capability) };
}
