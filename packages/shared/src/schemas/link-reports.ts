import { z } from 'zod';
import { ANCHOR_TYPES } from '../domain/link-health/report-rules';

/**
 * The campaign and project reports (issue 18.2 and 18.4): GET /rest/campaign/{id}/reports and
 * GET /rest/project/{id}/reports. Counts only; the screens draw them and list them as tables.
 */

/** Tier health: output links lower tiers no longer link to, and why. */
export const DroppedTargetsSchema = z.object({
  dropped: z.number().int(),
  /** Two dead checks in a row, the latest answering without the link. */
  missing: z.number().int(),
  /** Two dead checks in a row, the latest answering 404 or 410. */
  gone: z.number().int(),
  /** Lower-tier posts (alive themselves) that still link to a dropped target: "points to a dead page" (issue 36 item 3). */
  atRisk: z.number().int().default(0),
});
export type DroppedTargets = z.infer<typeof DroppedTargetsSchema>;

export const AnchorMixReportRowSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  /** The link set whose keywords set the configured shares (the project's first link source); null when it has none. */
  linkSetId: z.number().int().nullable(),
  linkSetName: z.string(),
  type: z.enum(ANCHOR_TYPES as [string, ...string[]]),
  count: z.number().int(),
  /** Percent of the project's placed anchors. */
  realised: z.number(),
  /** Percent the link set's keywords ask for. */
  configured: z.number(),
  /** The project's tier in its campaign. */
  tier: z.number().int(),
});
export type AnchorMixReportRow = z.infer<typeof AnchorMixReportRowSchema>;

/** The anchor mix of one tier (its projects together; issue 34 item 5): anchorMixByTier of the project rows. */
export const TierAnchorMixReportRowSchema = z.object({
  tier: z.number().int(),
  type: z.enum(ANCHOR_TYPES as [string, ...string[]]),
  count: z.number().int(),
  realised: z.number(),
  /** The tier's link sets' shares, weighted by how many anchors each project placed. */
  configured: z.number(),
});
export type TierAnchorMixReportRow = z.infer<typeof TierAnchorMixReportRowSchema>;

export const PostsPerDayRowSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  /** Posts the engine planned to start that day (Spread: evenly over the days; Once: the start day). */
  planned: z.number().int(),
  /** Posts published that day. */
  published: z.number().int(),
});
export type PostsPerDayRow = z.infer<typeof PostsPerDayRowSchema>;

/** Ages (days after publishing) the survival curve is read at. */
export const SURVIVAL_AGES_DAYS = [0, 1, 7, 14, 30, 60, 90, 180, 365] as const;

export const SurvivalRowSchema = z.object({
  /** 'tier': `group` is "Tier N"; 'platform': the project's module (the site platform). */
  by: z.enum(['tier', 'platform']),
  group: z.string(),
  ageDays: z.number().int(),
  /** Links at least this old. */
  total: z.number().int(),
  /** Of those, links still alive at that age (not dead, or dead later than that). */
  alive: z.number().int(),
  /** alive / total in percent; null when no link is that old. */
  share: z.number().nullable(),
});
export type SurvivalRow = z.infer<typeof SurvivalRowSchema>;

export const DofollowRowSchema = z.object({
  site: z.string(),
  dofollow: z.number().int(),
  nofollow: z.number().int(),
  /** dofollow / (dofollow + nofollow) in percent. */
  share: z.number(),
});
export type DofollowRow = z.infer<typeof DofollowRowSchema>;

/** A node of the campaign's strategy (one project) with its output links' health. */
export const ReportNodeSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  module: z.string(),
  tier: z.number().int(),
  /** Latest check OK or NOFOLLOW and not dead. */
  live: z.number().int(),
  /** Dead by the tier-health rules (two dead checks in a row). */
  dead: z.number().int(),
  /** Not checked yet, being checked, one dead check, or unreadable (ERROR). */
  pending: z.number().int(),
  /** Its posts, not dead themselves, that link to a dead upper-tier page (issue 36 item 3). */
  atRisk: z.number().int().default(0),
});
export type ReportNode = z.infer<typeof ReportNodeSchema>;

/** A node of the drawn strategy: a diagram node (wizard-made campaigns) or a tier of the campaign's projects. */
export const StrategyGraphNodeSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Its kind's colour (the diagram's), a neutral one for a tier node. */
  colour: z.string(),
  premium: z.boolean(),
  moneySite: z.boolean(),
  /** The modules it runs, one line each. */
  modules: z.array(z.string()),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** Its tier; null for the Money Site and nodes no tier reaches. */
  tier: z.number().int().nullable(),
  /** The scoped projects it made (their output links are counted). */
  projects: z.array(z.object({ id: z.number().int(), name: z.string() })),
  live: z.number().int(),
  dead: z.number().int(),
  pending: z.number().int(),
  /** Posts that link to a dead page of the tier above. */
  atRisk: z.number().int().default(0),
});
export type StrategyGraphNode = z.infer<typeof StrategyGraphNodeSchema>;

/** The campaign's strategy drawn with each node's live / dead / pending counts (issue 18.4). */
export const StrategyGraphSchema = z.object({
  /** 'diagram': the wizard's strategy diagram; 'tiers': one node per tier of the campaign's projects. */
  source: z.enum(['diagram', 'tiers']),
  nodes: z.array(StrategyGraphNodeSchema),
  edges: z.array(z.object({ id: z.string(), source: z.string(), target: z.string() })),
});
export type StrategyGraph = z.infer<typeof StrategyGraphSchema>;

export const LinkReportSchema = z.object({
  campaignId: z.number().int(),
  /** Set for a project's report. */
  projectId: z.number().int().nullable(),
  /** When the report was read (epoch ms): the survival curve's "now". */
  generatedAt: z.number(),
  targets: DroppedTargetsSchema,
  anchorMix: z.array(AnchorMixReportRowSchema),
  anchorMixByTier: z.array(TierAnchorMixReportRowSchema),
  postsPerDay: z.array(PostsPerDayRowSchema),
  survival: z.array(SurvivalRowSchema),
  dofollow: z.array(DofollowRowSchema),
  nodes: z.array(ReportNodeSchema),
  strategy: StrategyGraphSchema,
});
export type LinkReport = z.infer<typeof LinkReportSchema>;

/** Labels of the anchor kinds on the report screens. */
export const ANCHOR_TYPE_LABELS: Readonly<Record<string, string>> = {
  primary: 'Primary keyword',
  secondary: 'Secondary keyword',
  branded: 'Branded keyword',
  generic: 'Generic keyword',
  nakedUrl: 'Naked URL',
  linkAnchor: "Link's own anchor (target's title)",
};
