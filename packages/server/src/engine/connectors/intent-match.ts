import type { PublishIntent } from './connector';

/**
 * How much older than the intent an item found on a site may look and still be ours: the site's
 * clock and ours are two clocks. The name alone already points at one item (it was free on the
 * site and claimed by no other post of ours when it was chosen); the time only rules out an item
 * that was there long before, so the allowance is generous rather than risk missing our own post.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 6 * 60 * 60 * 1000;

/** Whether an item the site says was made at `createdMs` (null: the site did not say) may be the intent's. */
export function madeAfterIntent(createdMs: number | null, intent: Pick<PublishIntent, 'at'>): boolean {
  if (createdMs === null || Number.isNaN(createdMs)) return true;
  return createdMs >= intent.at - CLOCK_SKEW_ALLOWANCE_MS;
}

/** A UTC timestamp as WordPress's `date_gmt` (no zone) or MediaWiki (`…Z`) writes it; null when unreadable. */
export function utcMs(timestamp: unknown): number | null {
  if (timestamp instanceof Date) return timestamp.getTime();
  if (typeof timestamp !== 'string' || timestamp.trim() === '') return null;
  const text = timestamp.trim();
  const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(ms) ? null : ms;
}
