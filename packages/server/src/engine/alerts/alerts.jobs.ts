import type { AppContext } from '../../app-context';
import type { EngineJob } from '../jobs/job-names';
import { onLinkDied, onLinkRevived } from '../verify/link-events';
import { alertDigestJob } from './alert-digest.job';
import { alertEmailJob } from './alert-email.job';
import { alertWebhookJob } from './alert-webhook.job';
import { handleLinkDied, handleLinkRevived } from './raise-alert';

type Log = (error: unknown) => void;

let listening = false;

/** The link listeners are process-wide (they get each event's context): added once however many queues register. */
function listenForLinkEvents(log: Log): void {
  if (listening) return;
  listening = true;
  const guarded = <E>(handle: (ctx: AppContext, event: E) => Promise<void>) => async (ctx: AppContext, event: E) => {
    try {
      await handle(ctx, event);
    } catch (error) {
      log(error);
    }
  };
  onLinkDied(guarded(handleLinkDied));
  onLinkRevived(guarded(handleLinkRevived));
}

/**
 * The alert jobs as the registry lists them (engine/README.md "Alerts"): `alert.webhook`,
 * `alert.email` and the daily `alert.digest`. Registering them also listens for links that die or
 * come back (link health's onLinkDied / onLinkRevived), which raise the alerts.
 */
export function alertJobs(ctx: AppContext): EngineJob<'alert.webhook' | 'alert.email' | 'alert.digest'>[] {
  listenForLinkEvents((error) => process.stderr.write(`alerts: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`));
  return [alertWebhookJob(ctx), alertEmailJob(ctx), alertDigestJob(ctx)];
}
