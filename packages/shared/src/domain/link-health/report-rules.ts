import { keywordPhrases, type AnchorKeywords, type AnchorType } from '../../engine/anchors';
import { KEYWORD_PERCENTAGE_TYPES, type KeywordPercentageType } from '../keyword-percentages';
import { ProjectScheduleSchema } from '../../schemas/projects';

/**
 * The pure rules behind the campaign reports (issue 18.4 and 18.5): which keyword kind a placed
 * anchor came from, the realised anchor mix against the configured percentages, a project's tier
 * in its campaign, and the fidelity goals (anchor mix within ±2 points, Spread within ±1 post/day).
 */

/** A regular expression source matching every text one spintax phrase can spin to (`{a|b} c` → `(?:a|b) c`). */
export function spintaxPattern(phrase: string): string {
  let position = 0;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Reads until `stop` chars at this level; returns the alternatives found (split at top-level `|`).
  const read = (inGroup: boolean): { options: string[]; closed: boolean } => {
    const options: string[] = [''];
    while (position < phrase.length) {
      const char = phrase[position]!;
      if (char === '\\' && '{}|'.includes(phrase[position + 1] ?? '')) {
        options[options.length - 1] += escape(phrase[position + 1]!);
        position += 2;
      } else if (char === '{') {
        position += 1;
        const { options: inner, closed } = read(true);
        if (!closed) {
          // An unbalanced `{` stays as text.
          options[options.length - 1] += `\\{${inner.join('\\|')}`;
        } else if (inner.length > 1) {
          options[options.length - 1] += `(?:${inner.join('|')})`;
        } else {
          // Braces without `|` at their own level are not a spin group: they stay as written.
          options[options.length - 1] += `\\{${inner[0]}\\}`;
        }
      } else if (char === '}' && inGroup) {
        position += 1;
        return { options, closed: true };
      } else if (char === '|' && inGroup) {
        options.push('');
        position += 1;
      } else {
        options[options.length - 1] += escape(char);
        position += 1;
      }
    }
    return { options, closed: false };
  };
  return read(false).options.join('\\|');
}

const patterns = new Map<string, RegExp>();
function phraseRegex(phrase: string): RegExp {
  let regex = patterns.get(phrase);
  if (!regex) {
    regex = new RegExp(`^\\s*${spintaxPattern(phrase)}\\s*$`, 'i');
    if (patterns.size > 2000) patterns.clear();
    patterns.set(phrase, regex);
  }
  return regex;
}

/**
 * The keyword kind a placed anchor came from, as chooseAnchor drew it: the link's URL is a naked
 * URL; otherwise the first keyword field (primary, secondary, branded, generic) one of whose
 * phrases spins to the anchor; else the link's own anchor.
 */
export function classifyAnchor(anchor: string, url: string, keywords: AnchorKeywords | null | undefined): AnchorType {
  const text = anchor.trim();
  if (text === url.trim()) return 'nakedUrl';
  if (keywords?.useKeyword) {
    const fields: [KeywordPercentageType, string][] = [
      ['primary', keywords.primaryKeyword], ['secondary', keywords.secondaryKeyword],
      ['branded', keywords.brandedKeyword], ['generic', keywords.genericKeyword],
    ];
    for (const [type, field] of fields) {
      if (keywordPhrases(field).some((phrase) => phraseRegex(phrase).test(text))) return type;
    }
  }
  return 'linkAnchor';
}

/** The configured share (percent, normalised by the total as chooseAnchor does) of each kind. */
export function configuredMix(keywords: AnchorKeywords | null | undefined): Record<AnchorType, number> {
  const mix: Record<AnchorType, number> = { primary: 0, secondary: 0, branded: 0, generic: 0, nakedUrl: 0, linkAnchor: 0 };
  if (!keywords?.useKeyword) {
    mix.linkAnchor = 100;
    return mix;
  }
  const weights = {
    primary: keywords.primaryPercentage, secondary: keywords.secondaryPercentage, branded: keywords.brandedPercentage,
    generic: keywords.genericPercentage, nakedUrl: keywords.nakedUrlPercentage, linkAnchor: keywords.linkAnchorPercentage ?? 0,
  };
  const total = KEYWORD_PERCENTAGE_TYPES.reduce((sum, type) => sum + Math.max(0, weights[type]), 0);
  if (!(total > 0)) {
    mix.linkAnchor = 100;
    return mix;
  }
  for (const type of KEYWORD_PERCENTAGE_TYPES) mix[type] = (Math.max(0, weights[type]) / total) * 100;
  return mix;
}

export const ANCHOR_TYPES: readonly AnchorType[] = KEYWORD_PERCENTAGE_TYPES;

export interface AnchorMixRow {
  type: AnchorType;
  /** Placed anchors of this kind. */
  count: number;
  /** Percent of the placed anchors. */
  realised: number;
  /** Percent the link set's keywords ask for. */
  configured: number;
}

/** The realised mix of placed anchors (counted by text) against the configured one; kinds with neither are left out. */
export function anchorMix(placed: readonly { anchor: string; url: string; count: number }[], keywords: AnchorKeywords | null | undefined): AnchorMixRow[] {
  const counts = new Map<AnchorType, number>(ANCHOR_TYPES.map((type) => [type, 0]));
  let total = 0;
  for (const row of placed) {
    const type = classifyAnchor(row.anchor, row.url, keywords);
    counts.set(type, counts.get(type)! + row.count);
    total += row.count;
  }
  const configured = configuredMix(keywords);
  return ANCHOR_TYPES
    .map((type) => ({ type, count: counts.get(type)!, realised: total > 0 ? (counts.get(type)! / total) * 100 : 0, configured: configured[type] }))
    .filter((row) => row.count > 0 || row.configured > 0);
}

/** One tier's realised anchor mix against what its link sets ask for (issue 34 item 5). */
export interface TierAnchorMixRow extends AnchorMixRow {
  tier: number;
}

/**
 * The anchor mix per tier from the projects' rows: counts summed over the tier's projects; the
 * configured share is each project's configured share weighted by how many anchors it placed
 * (projects of one tier may read link sets with different mixes). Tiers in order, kinds in
 * ANCHOR_TYPES order; kinds with neither placed anchors nor a configured share left out.
 */
export function anchorMixByTier(rows: readonly { tier: number; projectId: number; type: string; count: number; configured: number }[]): TierAnchorMixRow[] {
  const tiers = new Map<number, { counts: Map<string, number>; weighted: Map<string, number>; projects: Map<number, number> }>();
  for (const row of rows) {
    let tier = tiers.get(row.tier);
    if (!tier) {
      tier = { counts: new Map(), weighted: new Map(), projects: new Map() };
      tiers.set(row.tier, tier);
    }
    tier.counts.set(row.type, (tier.counts.get(row.type) ?? 0) + row.count);
    tier.projects.set(row.projectId, (tier.projects.get(row.projectId) ?? 0) + row.count);
  }
  // A project's configured shares are the same on each of its rows: weight them by its placed total.
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.projectId}:${row.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const tier = tiers.get(row.tier)!;
    tier.weighted.set(row.type, (tier.weighted.get(row.type) ?? 0) + row.configured * (tier.projects.get(row.projectId) ?? 0));
  }
  return [...tiers.entries()].sort(([a], [b]) => a - b).flatMap(([tier, sums]) => {
    const total = [...sums.counts.values()].reduce((sum, n) => sum + n, 0);
    return ANCHOR_TYPES.map((type) => ({
      tier, type, count: sums.counts.get(type) ?? 0,
      realised: total > 0 ? ((sums.counts.get(type) ?? 0) / total) * 100 : 0,
      configured: total > 0 ? (sums.weighted.get(type) ?? 0) / total : 0,
    })).filter((row) => row.count > 0 || row.configured > 0);
  });
}

/** The widest gap (percentage points) between the realised and configured shares. */
export function anchorMixDeviation(rows: readonly AnchorMixRow[]): number {
  return rows.reduce((widest, row) => Math.max(widest, Math.abs(row.realised - row.configured)), 0);
}

/** Fidelity goal: the realised mix is within this many points of the configured one (over 1,000 posts). */
export const ANCHOR_MIX_TOLERANCE_POINTS = 2;
/** Fidelity goal: a Spread project's posts per day stay within this many posts of the plan. */
export const SPREAD_TOLERANCE_POSTS_PER_DAY = 1;

/** The widest gap (posts) between planned and published posts of any day. */
export function spreadDeviation(days: readonly { planned: number; posts: number }[]): number {
  return days.reduce((widest, day) => Math.max(widest, Math.abs(day.posts - day.planned)), 0);
}

/**
 * Each project's tier in its campaign: 1 for a project without parents (AfterProject sources in
 * the campaign), else one more than its deepest parent. A cycle (not possible through the screens)
 * stops at the project met again.
 */
export function projectTiers(projects: readonly { id: number; parents: readonly number[] }[]): Map<number, number> {
  const parentsOf = new Map(projects.map((project) => [project.id, project.parents.filter((id) => id !== project.id)]));
  const tiers = new Map<number, number>();
  const tierOf = (id: number, seen: Set<number>): number => {
    const known = tiers.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return 1;
    seen.add(id);
    const parents = (parentsOf.get(id) ?? []).filter((parent) => parentsOf.has(parent));
    const tier = parents.length === 0 ? 1 : 1 + Math.max(...parents.map((parent) => tierOf(parent, seen)));
    seen.delete(id);
    tiers.set(id, tier);
    return tier;
  };
  for (const project of projects) tierOf(project.id, new Set());
  return tiers;
}

/** One CSV line per row (RFC 4180: fields with a comma, quote or line break quoted, quotes doubled). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** The parent projects a stored AfterProject schedule (JSON text) names; none for other schedules or bad text. */
export function afterProjectParents(schedule: string | null): number[] {
  if (schedule === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(schedule);
  } catch {
    return [];
  }
  const parsed = ProjectScheduleSchema.safeParse(value);
  if (!parsed.success || parsed.data.scheduleType !== 'AfterProject') return [];
  const ids = parsed.data.sourceProjectIds ?? (parsed.data.sourceProjectId ? [parsed.data.sourceProjectId] : []);
  return ids.filter((id) => id > 0);
}
