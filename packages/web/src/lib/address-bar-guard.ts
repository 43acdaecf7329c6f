/**
 * The one window `popstate` listener that sees a step through history before the router does.
 * A hash typed into the address bar is an entry the router did not make, which its blocker cannot
 * undo; the unsaved-changes guard (use-unsaved-changes-guard.ts) handles such a step here first.
 * Installed by app/router.tsx just before it creates the router: listeners of one event run in the
 * order they were added, so this one runs first and can keep the router from seeing the step.
 */
type PopStateHandler = (event: PopStateEvent) => void;

let active: PopStateHandler | null = null;
let installed = false;

/** Adds the listener once; call it before the router is created. */
export function installAddressBarGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => active?.(event));
}

/** The screen's handler while it guards unsaved changes (null: none). Returns the clean-up. */
export function setAddressBarGuard(handler: PopStateHandler): () => void {
  active = handler;
  return () => {
    if (active === handler) active = null;
  };
}
