import { describe, expect, it } from 'vitest';
import { DIAGRAM_EDITOR } from '@linkloom/shared';
import { COMPACT_BELOW, COMPACT_FROM_NODES, FIT_OPTIONS, FIT_ZOOM_MIN, clampZoom, drawsCompact, stepZoom } from './zoom';

describe('designer zoom', () => {
  it('keeps the buttons, slider and alt+wheel in the spec range, rounded to a tenth', () => {
    expect(clampZoom(0.05)).toBe(DIAGRAM_EDITOR.zoomMin);
    expect(clampZoom(7)).toBe(DIAGRAM_EDITOR.zoomMax);
    expect(clampZoom(1.26)).toBe(1.3);
  });

  it('draws bare boxes only for a big diagram zoomed far out: a small one fitted on a phone keeps its labels', () => {
    expect(drawsCompact(0.18, 1_000)).toBe(true);
    expect(drawsCompact(COMPACT_BELOW - 0.01, COMPACT_FROM_NODES)).toBe(true);
    expect(drawsCompact(COMPACT_BELOW, 1_000)).toBe(false);
    expect(drawsCompact(0.25, 10)).toBe(false);
    expect(drawsCompact(0.05, COMPACT_FROM_NODES - 1)).toBe(false);
  });

  it('steps by 0.2; below the range (after a fit) a step in lands on its lowest zoom, a step out stays', () => {
    expect(stepZoom(1, 1)).toBe(1.2);
    expect(stepZoom(1, -1)).toBe(0.8);
    expect(stepZoom(0.2, -1)).toBe(0.2);
    expect(stepZoom(0.07, 1)).toBe(0.2);
    expect(stepZoom(0.07, -1)).toBe(0.07);
    expect(stepZoom(5, 1)).toBe(5);
  });

  it('lets a fit go below the spec range, with the spec padding and largest scale', () => {
    expect(FIT_ZOOM_MIN).toBeLessThan(DIAGRAM_EDITOR.zoomMin);
    expect(FIT_OPTIONS).toEqual({ padding: '50px', maxZoom: 1, minZoom: FIT_ZOOM_MIN });
  });
});
