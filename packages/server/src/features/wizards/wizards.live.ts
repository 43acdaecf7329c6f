import type { WizardSummary } from '@linkloom/shared';
import type { AppContext } from '../../app-context';

/**
 * Live messages of saved wizards, after the change committed: the wizard list hears them on
 * `xwizards`, and whoever follows one wizard on `xwizard/{id}` (issue 38: the topic was declared
 * and its subscriptions granted to nobody, nothing was published on it) hears that wizard's own.
 */

/** A wizard saved: `add` on the list when it is new, else `save` there and on its own topic. */
export function publishWizardSaved(ctx: AppContext, ownerId: number, summary: WizardSummary, created: boolean): void {
  const live = ctx.live;
  if (!live) return;
  if (created) {
    live.publish(ownerId, 'xwizards', 'add', summary);
    return;
  }
  live.publish(ownerId, 'xwizards', 'save', summary);
  live.publish(ownerId, `xwizard/${summary.id}`, 'save', summary);
}

/** A wizard renamed. */
export function publishWizardRenamed(ctx: AppContext, ownerId: number, renamed: { id: number; name: string }): void {
  ctx.live?.publish(ownerId, 'xwizards', 'rename', renamed);
  ctx.live?.publish(ownerId, `xwizard/${renamed.id}`, 'rename', renamed);
}

/** Wizards deleted: once on the list, and on each one's own topic. */
export function publishWizardsDeleted(ctx: AppContext, ownerId: number, ids: number[]): void {
  const live = ctx.live;
  if (!live) return;
  live.publish(ownerId, 'xwizards', 'delete', { ids });
  for (const id of ids) live.publish(ownerId, `xwizard/${id}`, 'delete', { id });
}
