import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** A screen component whose code is a chunk of its own, plus a way to fetch that chunk early. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A screen that is its own chunk, fetched the first time it is shown (DESIGN rule 15) or when
 * `preload` is called. `load` must be a literal `import()` so the bundler splits there.
 *
 * Not React.lazy: a lazy component suspends, and React reveals a resolved Suspense boundary no
 * sooner than 300 ms after its fallback appeared (its fallback throttle), so the first screen
 * stood idle for most of that even when its chunk had already arrived (issue 10 goal 2). This one
 * shows `fallback` and renders the screen in the same frame its chunk arrives in; a chunk already
 * loaded renders at once. A chunk that fails to load is thrown to the route's error boundary, as
 * a lazy component's would be.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    );
    return loading;
  };

  function Screen(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (component) return undefined;
      let current = true;
      preload().then(
        (arrived) => current && setComponent(() => arrived),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [component]);
    if (failure) throw failure.error;
    return component ? createElement(component, props) : fallback;
  }
  return Object.assign(Screen, { preload });
}
