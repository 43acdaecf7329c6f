/** TanStack Query keys of the custom sites area: one place so mutations and live messages agree. */
export const customSiteKeys = {
  all: ['custom-sites'] as const,
  list: ['custom-sites', 'list'] as const,
};
