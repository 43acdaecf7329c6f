/** TanStack Query keys of the email manager: one place so mutations and live messages agree. */
export const emailKeys = {
  all: ['user-emails'] as const,
  list: ['user-emails', 'list'] as const,
};
