import { DIAGRAM_EDITOR } from '@linkloom/shared';

/**
 * Lowest zoom "Zoom to fit" may choose (and so the paper's own lower bound). The spec's range
 * (0.2–5) is that of the zoom buttons, the slider and alt+wheel; at 0.2 a 1,000-node diagram
 * (some 3,500 px square) cannot fit a laptop's paper, let alone a phone's, so fitting may go
 * lower: down to a diagram of the largest size accepted (5,000 cells) in one long row.
 */
export const FIT_ZOOM_MIN = 0.01;

/**
 * Below this zoom nodes are drawn as boxes of their kind's colour, without label, account store,
 * module toggles or handles: an 11 px label is under 3.3 px high there and a 10 px handle too small
 * to grab, and each of them is work for the browser on every frame of a drag (the paper of a
 * 1,000-node diagram fitted on screen is at about 0.18). Hovering a box still shows its label (its
 * title); zooming in brings the rest back.
 */
export const COMPACT_BELOW = 0.3;
/**
 * …in a diagram of at least this many nodes: the boxes are there for the drawing cost of a big
 * diagram. A small one zoomed that far out (a phone's paper fits a 9-node pyramid at about 0.3)
 * keeps its labels: a phone has no hover to read them by.
 */
export const COMPACT_FROM_NODES = 200;

/** Whether nodes draw as bare boxes ({@link COMPACT_BELOW}, {@link COMPACT_FROM_NODES}). */
export function drawsCompact(zoom: number, nodeCount: number): boolean {
  return zoom < COMPACT_BELOW && nodeCount >= COMPACT_FROM_NODES;
}

/** fitView's options: the spec's 50 px padding and largest scale 1, and {@link FIT_ZOOM_MIN}. */
export const FIT_OPTIONS = {
  padding: `${DIAGRAM_EDITOR.fitPadding}px`,
  maxZoom: DIAGRAM_EDITOR.fitMaxScale,
  minZoom: FIT_ZOOM_MIN,
} as const;

/** A zoom asked for by the toolbar or alt+wheel: rounded to a tenth, within the spec's 0.2–5. */
export function clampZoom(zoom: number): number {
  return Math.min(DIAGRAM_EDITOR.zoomMax, Math.max(DIAGRAM_EDITOR.zoomMin, Math.round(zoom * 10) / 10));
}

/**
 * One zoom step in or out from `zoom` (the buttons and alt+wheel), within the spec's range. Below
 * the range (after a fit of a big diagram) a step in lands on the range's lowest zoom and a step
 * out leaves the zoom as it is.
 */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (zoom < DIAGRAM_EDITOR.zoomMin) return direction === 1 ? DIAGRAM_EDITOR.zoomMin : zoom;
  return clampZoom(zoom + direction * DIAGRAM_EDITOR.zoomStep);
}
