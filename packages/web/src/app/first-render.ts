/**
 * Calls `render` once, as soon as `ready` has settled (fulfilled or rejected) or `waitMs` has
 * passed, whichever comes first. The first screen's chunk and data are read beside the entry; when
 * they are in by the time the entry has run, the first render draws the screen itself instead of
 * a loading state that is painted and drawn over right after (issue 10 goal 2). When they are
 * slow, the frame is not held back longer than `waitMs`.
 */
export function renderWhenReady(ready: Promise<unknown>, waitMs: number, render: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    render();
  };
  const timer = setTimeout(once, waitMs);
  ready.then(once, once);
}
