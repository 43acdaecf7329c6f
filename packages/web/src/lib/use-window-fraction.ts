import { useEffect, useState } from 'react';
import { debounce } from './debounce';

/** How long a resize must pause before the height follows (a drag fires on every pixel). */
const RESIZE_SETTLE_MS = 100;

/**
 * `fraction` of `height` in whole pixels, never below `minPx`. A fraction outside 0–1 is clamped,
 * so a wrong argument gives a usable size rather than a grid taller than the window.
 */
export function fractionOfHeight(height: number, fraction: number, minPx = 0): number {
  const share = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return Math.max(minPx, Math.floor(height * share));
}

/**
 * A px height that is `fraction` of the window's inner height and follows resizes, e.g.
 * `useWindowFraction(0.75)` for the accounts grid (spec 1: three quarters of the screen).
 */
export function useWindowFraction(fraction: number, minPx = 200): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const handleResize = debounce(() => setHeight(window.innerHeight), RESIZE_SETTLE_MS);
    window.addEventListener('resize', handleResize);
    return () => {
      handleResize.cancel();
      window.removeEventListener('resize', handleResize);
    };
  }, []);
  return fractionOfHeight(height, fraction, minPx);
}
