/**
 * Navigation for code that runs outside React components (the HTTP client's 401 handling). The
 * router registers itself at startup; until then the hash is set directly, which the hash router
 * also follows.
 */
export type Navigator = (to: string, options?: { replace?: boolean }) => Promise<void>;

let navigator: Navigator | null = null;

/** Registers the app's router (called once where the router is created). */
export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

/** Moves the app to an in-app route such as `/user/login`. */
export async function navigateTo(to: string, options: { replace?: boolean } = {}): Promise<void> {
  if (navigator) {
    await navigator(to, options);
    return;
  }
  window.location.hash = to;
}

/** The in-app route of the current page (`/campaigns?tab=x` for `/#/campaigns?tab=x`). */
export function currentRoute(): string {
  const route = window.location.hash.replace(/^#/, '');
  return route.startsWith('/') ? route : '/';
}
