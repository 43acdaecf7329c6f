import { ALERT_MESSAGES, accountEmailAddress } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { SmtpConfig } from '../../platform/config';
import { JOB, type EngineJob, type JobPayload } from '../jobs/job-names';
import { sendSmtpMail } from '../smtp/smtp-client';
import { toSmtpError } from '../smtp/smtp-error';
import { addressOf, composePlainMessage } from '../smtp/smtp-message';
import { findAlerts, ownerUsername, setAlertDelivery } from './alerts.repository';
import { ALERT_RETRY_DELAYS_MS, retryLine } from './retry-delays';

/** What an alert email tells of each alert. */
export interface MailedAlert {
  title: string;
  body: string;
  url: string | null;
  campaign: string | null;
  createdAt: number;
}

const FOOTER = 'You get this email because email alerts are on in LinkLoom (the bell in the header, Settings). Turn them off there.';

/** The email of these alerts: one alert's title as its subject, else how many; each alert's words in turn. */
export function alertEmailText(alerts: readonly MailedAlert[]): { subject: string; text: string } {
  const subject = alerts.length === 1 ? `LinkLoom: ${alerts[0]!.title}` : `LinkLoom: ${alerts.length} alerts`;
  const sections = alerts.map((alert) => [
    alert.title,
    '='.repeat(Math.min(alert.title.length, 72)),
    alert.body,
    ...(alert.url ? [`Link: ${alert.url}`] : []),
    ...(alert.campaign ? [`Campaign: ${alert.campaign}`] : []),
    `Raised: ${new Date(alert.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ].join('\n'));
  return { subject, text: `${sections.join('\n\n')}\n\n-- \n${FOOTER}\n` };
}

function serverOf(smtp: SmtpConfig) {
  return { host: smtp.host, port: smtp.port, tls: smtp.tls, allowSelfSigned: smtp.allowSelfSigned, helo: smtp.helo, user: smtp.user, password: smtp.password };
}

/**
 * `alert.email`: mails the alerts still waiting for their email to the account's own address (its
 * user name, when that is an address: never anywhere else) through the operator's SMTP server.
 * Accepted → sent; a lasting refusal (5xx, login, TLS) → failed with our reason; a passing one (4xx,
 * no answer) → tried again by a new job after a growing wait, then failed.
 */
export async function deliverAlertEmail(ctx: AppContext, payload: JobPayload<'alert.email'>, signal?: AbortSignal): Promise<void> {
  const { db } = ctx.database;
  const { ownerId } = payload;
  const attempt = payload.attempt ?? 1;
  const alerts = (await findAlerts(db, ownerId, payload.alertIds)).filter((alert) => alert.email_state === 'pending');
  const ids = alerts.map((alert) => alert.id);
  if (ids.length === 0) return;
  const smtp = ctx.config.smtp;
  if (!smtp) return setAlertDelivery(db, ownerId, ids, 'email', 'skipped', ALERT_MESSAGES.noSmtp);
  const address = accountEmailAddress((await ownerUsername(db, ownerId)) ?? '');
  if (address === null) return setAlertDelivery(db, ownerId, ids, 'email', 'skipped', ALERT_MESSAGES.noAddress);
  const { subject, text } = alertEmailText(alerts.map((alert) => ({ ...alert, createdAt: Number(alert.created_at) })));
  const message = composePlainMessage({ from: smtp.from, to: address, subject, text, date: new Date() });
  try {
    await sendSmtpMail(serverOf(smtp), { from: addressOf(smtp.from), to: [address] }, message, { ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    const failure = toSmtpError(error, `${smtp.host}:${smtp.port}`);
    const delay = ALERT_RETRY_DELAYS_MS[attempt - 1];
    if (failure.permanent || delay === undefined) return setAlertDelivery(db, ownerId, ids, 'email', 'failed', failure.message);
    const at = Date.now() + delay;
    await setAlertDelivery(db, ownerId, ids, 'email', 'pending', retryLine(failure.message, attempt, at));
    await ctx.queue.send(JOB.alertEmail, { ownerId, alertIds: ids, attempt: attempt + 1 }, { singletonKey: `alert-email-${ids[0]}-${attempt + 1}`, startAfter: new Date(at) });
    return;
  }
  await setAlertDelivery(db, ownerId, ids, 'email', 'sent', `Sent to ${address}`);
}

/** The alert.email job as the registry lists it. */
export function alertEmailJob(ctx: AppContext): EngineJob<'alert.email'> {
  return {
    name: JOB.alertEmail,
    handler: (job) => deliverAlertEmail(ctx, job.payload, job.signal),
    options: { concurrency: 2, timeoutSeconds: 180 },
  };
}
