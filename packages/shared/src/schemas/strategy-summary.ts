import { z } from 'zod';

/**
 * The strategy row the campaign list needs on its first screen, apart from the rest of the
 * strategy schemas (strategies.ts) so the first load carries only this.
 */
export const STRATEGY_TYPES = ['BUILTIN', 'CUSTOM'] as const;
export type StrategyType = (typeof STRATEGY_TYPES)[number];

/**
 * A row of the diagram list, the campaign list's strategy select and the wizard. `img` is the
 * preview as a `data:image/svg+xml;base64,…` URL, shown with <img> (so no script of it runs), or
 * null when there is none.
 */
export const StrategySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(STRATEGY_TYPES),
  img: z.string().nullable(),
});
export type StrategySummary = z.infer<typeof StrategySummarySchema>;
