import { z } from 'zod';

/**
 * The strategy row the campaign list needs on its first screen, apart from the rest of the
 * strategy schemas (strategies.ts) so the first load carries only this.
 */
export const STRATEGY_TYPES = ['BUILTIN', 'CUSTOM'] as const;
export type StrategyType = (typeof STRATEGY_TYPES)[number];

/**
 * Where a strategy's preview picture (SVG) is read: GET /rest/strategies/{id}/preview, `v` naming
 * its version so a browser keeps it until it changes. An address, not the picture itself: the
 * campaign list (the first screen) and the diagram list carry every strategy's row, and the
 * pictures (up to 2,000,000 characters each) were most of their bytes.
 */
export function strategyPreviewPath(id: number, version: string | number): string {
  return `/rest/strategies/${id}/preview?v=${encodeURIComponent(String(version))}`;
}

/** True for an address strategyPreviewPath() makes (the web app shows no other picture as a preview). */
export function isStrategyPreviewPath(img: string): boolean {
  return /^\/rest\/strategies\/\d+\/preview\?v=[\w%.-]+$/.test(img);
}

/**
 * The strategy id of a preview address strategyPreviewPath() made, also written as a full URL
 * (`http://host/rest/strategies/7/preview?v=…`, any version); null for anything else. A save that
 * sends it back as `img` (what the lists and GET /rest/strategies/{id} answered before issue 38)
 * keeps the preview unchanged.
 */
export function strategyPreviewLinkId(img: string): number | null {
  const match = /^(?:https?:\/\/[^/?#\s]+)?\/rest\/strategies\/(\d{1,15})\/preview(?:\?v=[\w%.-]*)?$/.exec(img.trim());
  return match ? Number(match[1]) : null;
}

/**
 * A row of the diagram list, the campaign list's strategy select and the wizard. `img` is the
 * address of the preview (strategyPreviewPath), shown with <img> (so nothing in the SVG runs), or
 * null when there is none.
 */
export const StrategySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(STRATEGY_TYPES),
  img: z.string().nullable(),
});
export type StrategySummary = z.infer<typeof StrategySummarySchema>;
