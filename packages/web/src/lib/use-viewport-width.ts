import { useEffect, useState } from 'react';
import { debounce } from './debounce';

/**
 * The window's inner width, updated `debounceMs` after resizing stops (the spec debounces the
 * header's resize handling by 600 ms: a drag would otherwise re-render the shell on every pixel).
 */
export function useViewportWidth(debounceMs: number): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const handleResize = debounce(() => setWidth(window.innerWidth), debounceMs);
    window.addEventListener('resize', handleResize);
    return () => {
      handleResize.cancel();
      window.removeEventListener('resize', handleResize);
    };
  }, [debounceMs]);
  return width;
}
