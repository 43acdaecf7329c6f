/**
 * Runs `task` once the browser has painted the next frame (an animation frame, then a task after
 * it): for work that reads the layout only to remember it, which before the paint would force a
 * layout of its own ahead of the frame's. Returns a function that cancels it if it has not run.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
