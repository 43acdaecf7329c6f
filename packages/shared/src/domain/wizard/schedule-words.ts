import type { Wizard } from '../../schemas/wizard';
import { formatLocalDate, parseWireDate } from '../schedule-dates';

/** The tiers as the schedule's words need them. */
interface TierShape {
  tier: number;
  posts: number;
  accounts: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "spread over 2 days, about 3 posts a day" (a day's share rounded up, at least one). */
function pace(posts: number, nDay: number): string {
  if (posts === 0) return 'with no post to make yet';
  const perDay = Math.max(1, Math.ceil(posts / nDay));
  return `${plural(posts, 'post')} spread over ${plural(nDay, 'day')}, about ${plural(perDay, 'post')} a day`;
}

/**
 * The wizard's schedule in plain words (issue 35, the Confirm tab): when tier 1 starts (now, or
 * the start date in the reader's local time), that new accounts come first, how each tier spreads
 * its posts, and that each lower tier waits for the tier above.
 */
export function wizardScheduleWords(wizard: Pick<Wizard, 'startNow' | 'startDate' | 'nDay'>, tiers: readonly TierShape[], now: Date = new Date()): string[] {
  const nDay = Math.max(1, Math.floor(wizard.nDay ?? 1));
  const at = wizard.startNow ? null : parseWireDate(wizard.startDate ?? '');
  let start: string;
  if (wizard.startNow) start = 'Starts as soon as the campaign is created.';
  else if (at === null) start = 'No start date yet: choose one on the Schedule tab, or Start now.';
  else if (at.getTime() <= now.getTime()) start = `Starts at once: its start date (${formatLocalDate(at)}, your time) has passed.`;
  else start = `Starts on ${formatLocalDate(at)} (your time).`;
  const lines = [start];
  const accounts = tiers.reduce((sum, tier) => sum + tier.accounts, 0);
  if (accounts > 0) lines.push(`First ${plural(accounts, 'new account is', 'new accounts are')} registered; each project posts once its accounts exist.`);
  for (const tier of tiers) {
    lines.push(tier.tier === 1
      ? `Tier 1: ${pace(tier.posts, nDay)}.`
      : `Tier ${tier.tier}: starts when its parent projects in tier ${tier.tier - 1} complete, then ${pace(tier.posts, nDay)}.`);
  }
  return lines;
}
