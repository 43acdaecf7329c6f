import { describe, expect, it } from 'vitest';
import { isScreenBuilt, registerBuiltScreens } from './built-screens';

describe('isScreenBuilt', () => {
  it('matches concrete paths to the registered route patterns, legacy prefix and query included', () => {
    registerBuiltScreens(['/campaigns', '/campaign/:id', '/content-groups']);
    expect(isScreenBuilt('/campaigns')).toBe(true);
    expect(isScreenBuilt('/campaign/12')).toBe(true);
    expect(isScreenBuilt('/old/content-groups')).toBe(true);
    expect(isScreenBuilt('/campaigns?tab=1')).toBe(true);
    expect(isScreenBuilt('/xwizards')).toBe(false);
    expect(isScreenBuilt('/old/xwizards')).toBe(false);
    expect(isScreenBuilt('/newcampaign/0')).toBe(false);
    expect(isScreenBuilt('/campaign/12/extra')).toBe(false);
  });
});
