import { useEffect, type RefObject } from 'react';
import { stepZoom } from './zoom';

/** What the hook zooms: React Flow's instance (its getZoom and zoomTo). */
interface Zoomable {
  getZoom: () => number;
  zoomTo: (zoom: number) => Promise<boolean>;
}

/** Alt + wheel over `target` zooms by one step (spec 2 §9); the plain wheel is left to pan the paper. */
export function useAltWheelZoom(target: RefObject<HTMLElement | null>, flow: Zoomable): void {
  useEffect(() => {
    const element = target.current;
    if (!element) return undefined;
    const handleWheel = (event: WheelEvent) => {
      if (!event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      void flow.zoomTo(stepZoom(flow.getZoom(), event.deltaY < 0 ? 1 : -1));
    };
    element.addEventListener('wheel', handleWheel, { capture: true, passive: false });
    return () => element.removeEventListener('wheel', handleWheel, { capture: true });
  }, [target, flow]);
}
