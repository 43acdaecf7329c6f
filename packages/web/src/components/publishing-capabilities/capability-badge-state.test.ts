import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_MODULES, platformsFor, type ModuleCapability } from '@linkloom/shared';
import { capabilityBadgeState } from './capability-badge-state';

const capability = (module: string, counts: Partial<Pick<ModuleCapability, 'sites' | 'unverified'>> = {}): ModuleCapability => ({
  module, label: module, platforms: platformsFor(module), unsupported: UNSUPPORTED_MODULES[module as keyof typeof UNSUPPORTED_MODULES] ?? null,
  sites: counts.sites ?? 0, unverified: counts.unverified ?? 0,
});

describe('capabilityBadgeState', () => {
  it('counts the ready sites in green, one or many, even when others still wait for the verifier', () => {
    expect(capabilityBadgeState(capability('Wiki', { sites: 1 }))).toMatchObject({ tone: 'ready', text: '1 site', colour: 'green' });
    expect(capabilityBadgeState(capability('Wiki', { sites: 3, unverified: 2 }))).toMatchObject({ tone: 'ready', text: '3 sites', colour: 'green' });
  });

  it('says "not verified" in gold when the only sites are not verified yet, and the tooltip says what to do', () => {
    expect(capabilityBadgeState(capability('Wiki', { unverified: 1 }))).toEqual({
      tone: 'unverified', text: 'not verified', colour: 'gold',
      description: 'Publishes to MediaWiki, DokuWiki: 1 of your sites is not verified yet — run the platform verifier.',
    });
  });

  it('says "no site" on the neutral tag without any site, naming the platforms to add one on', () => {
    expect(capabilityBadgeState(capability('Bookmarking'))).toEqual({
      tone: 'none', text: 'no site', colour: undefined,
      description: 'Publishes to Shaarli: none of your sites can publish it yet — add one (Sites) on one of these platforms.',
    });
  });

  it('says "not supported" in red for Google Place, with the reason, whatever is counted', () => {
    const state = capabilityBadgeState(capability('GooglePlace', { sites: 2, unverified: 1 }));
    expect(state).toMatchObject({ tone: 'unsupported', text: 'not supported', colour: 'red' });
    expect(state.description).toBe(UNSUPPORTED_MODULES.GooglePlace);
    expect(state.description).toMatch(/no API for posting links/);
  });
});
