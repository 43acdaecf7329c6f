import type { AppContext } from '../../app-context';
import { JOB, type EngineJob, type JobPayload } from '../jobs/job-names';
import { presentAlert, readAlertSettings, recordWebhookOutcome } from '../seams';
import { findAlerts, setAlertDelivery } from './alerts.repository';
import { retryLine, ALERT_RETRY_DELAYS_MS } from './retry-delays';
import { postWebhook, webhookPayload } from './webhook-delivery';

/**
 * `alert.webhook`: POSTs one alert to the user's webhook address (read now: a changed address
 * gets it, a removed one skips it). Delivered, refused by the outbound policy, refused by the
 * receiver or out of tries, the outcome is recorded on the alert and as the settings' latest; a
 * passing failure (no answer, 5xx, 408, 429) is tried again by a new job after a growing wait.
 * Nothing waits for it: a failing webhook never holds up a check, an alert or another delivery.
 */
export async function deliverAlertWebhook(ctx: AppContext, payload: JobPayload<'alert.webhook'>, signal?: AbortSignal): Promise<void> {
  const { db } = ctx.database;
  const { ownerId, alertId } = payload;
  const attempt = payload.attempt ?? 1;
  const [alert] = await findAlerts(db, ownerId, [alertId]);
  if (!alert || alert.webhook_state !== 'pending') return;
  const { webhookUrl } = await readAlertSettings(db, ownerId);
  if (webhookUrl === '') {
    await setAlertDelivery(db, ownerId, [alertId], 'webhook', 'skipped', 'No webhook address any more');
    return;
  }
  const outcome = await postWebhook(webhookUrl, webhookPayload(presentAlert(alert), alert.campaign), signal);
  const now = Date.now();
  await recordWebhookOutcome(db, ownerId, { at: now, ok: outcome.ok, info: outcome.info });
  if (outcome.ok) return setAlertDelivery(db, ownerId, [alertId], 'webhook', 'sent', outcome.info);
  if (outcome.refused) return setAlertDelivery(db, ownerId, [alertId], 'webhook', 'refused', outcome.info);
  const delay = ALERT_RETRY_DELAYS_MS[attempt - 1];
  if (!outcome.retryable || delay === undefined) return setAlertDelivery(db, ownerId, [alertId], 'webhook', 'failed', outcome.info);
  const at = now + delay;
  await setAlertDelivery(db, ownerId, [alertId], 'webhook', 'pending', retryLine(outcome.info, attempt, at));
  await ctx.queue.send(JOB.alertWebhook, { ownerId, alertId, attempt: attempt + 1 }, { singletonKey: `alert-webhook-${alertId}-${attempt + 1}`, startAfter: new Date(at) });
}

/** The alert.webhook job as the registry lists it. */
export function alertWebhookJob(ctx: AppContext): EngineJob<'alert.webhook'> {
  return {
    name: JOB.alertWebhook,
    handler: (job) => deliverAlertWebhook(ctx, job.payload, job.signal),
    options: { concurrency: 4, timeoutSeconds: 60 },
  };
}
