import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { sitesChangedSince } from './sites-changed-since';

describe('sitesChangedSince', () => {
  it('is true only when custom sites or private networks were read after the time given', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['custom-sites', 'list'], { sites: [] }, { updatedAt: 1_000 });
    queryClient.setQueryData(['private-networks', 'network', 7], { sites: [] }, { updatedAt: 2_000 });
    queryClient.setQueryData(['campaigns', 'list'], [], { updatedAt: 9_000 });
    expect(sitesChangedSince(queryClient, 500)).toBe(true);
    expect(sitesChangedSince(queryClient, 1_500)).toBe(true);
    // Another area's newer answer is not a change of sites.
    expect(sitesChangedSince(queryClient, 2_000)).toBe(false);
  });

  it('is false with nothing of the sites in the cache', () => {
    expect(sitesChangedSince(new QueryClient(), 0)).toBe(false);
  });
});
