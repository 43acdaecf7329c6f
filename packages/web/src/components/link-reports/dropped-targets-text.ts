import type { DroppedTargets } from '@linkloom/shared';

/** What the campaign screen says about tier health (issue 18.2): how many targets lower tiers dropped, and why. */
export function droppedTargetsText(targets: Omit<DroppedTargets, 'atRisk'> & { atRisk?: number }): string | null {
  if (targets.dropped === 0) return null;
  const reasons = [
    targets.gone > 0 ? `${targets.gone} gone (the page answers 404 or 410)` : null,
    targets.missing > 0 ? `${targets.missing} missing (the page no longer carries the link)` : null,
  ].filter(Boolean).join(', ');
  const posts = targets.dropped === 1 ? '1 upper-tier post is' : `${targets.dropped} upper-tier posts are`;
  const atRisk = targets.atRisk ?? 0;
  // The knock-on (issue 36 item 3): posts already published that still link to a dead page.
  const risk = atRisk === 0 ? ''
    : ` ${atRisk === 1 ? '1 lower-tier post points' : `${atRisk} lower-tier posts point`} to a dead page (at risk): re-point them to live pages or re-publish the dead posts from Dead pages.`;
  return `${posts} dropped as targets: lower tiers no longer link to them in new posts. Found dead twice in a row: ${reasons}. A later check that finds a post alive brings it back.${risk}`;
}
