/** TanStack Query keys of the project screens: one place so mutations and live messages agree. */
export const projectKeys = {
  all: ['project'] as const,
  screen: (id: number) => ['project', id] as const,
  /** Under the screen's key: invalidating the screen refreshes it too. */
  readiness: (id: number) => ['project', id, 'readiness'] as const,
  /** What happens next (issue 35), under the screen's key too. */
  outlook: (id: number) => ['project', id, 'outlook'] as const,
  /** The run log (issue 35): all sites (null) or one site's lines, under the screen's key too. */
  runLog: (id: number, siteKey: string | null) => ['project', id, 'run-log', siteKey] as const,
};
