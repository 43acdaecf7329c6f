import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWhenReady } from './first-render';

describe('renderWhenReady', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('renders as soon as the first screen is ready, and only once', async () => {
    const render = vi.fn();
    let ready!: () => void;
    renderWhenReady(new Promise<void>((resolve) => (ready = resolve)), 300, render);
    await vi.advanceTimersByTimeAsync(100);
    expect(render).not.toHaveBeenCalled();
    ready();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(render).toHaveBeenCalledTimes(1);
  });

  test('does not hold the frame back longer than the wait when the first screen is slow', async () => {
    const render = vi.fn();
    let ready!: () => void;
    renderWhenReady(new Promise<void>((resolve) => (ready = resolve)), 300, render);
    await vi.advanceTimersByTimeAsync(299);
    expect(render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(render).toHaveBeenCalledTimes(1);
    ready();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledTimes(1);
  });

  test('renders when the first screen failed to load (the screen shows its own failure)', async () => {
    const render = vi.fn();
    renderWhenReady(Promise.reject(new Error('chunk failed')), 300, render);
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
