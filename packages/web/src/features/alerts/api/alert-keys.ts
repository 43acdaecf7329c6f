/** TanStack Query keys of the alerts (the header's bell and its drawer). */
export const alertKeys = {
  all: ['alerts'] as const,
  unread: ['alerts', 'unread'] as const,
  list: ['alerts', 'list'] as const,
  settings: ['alerts', 'settings'] as const,
};
