import { ALERT_MESSAGES, accountEmailAddress, type AlertDeliveryState, type AlertLinkFacts } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { JOB } from '../jobs/job-names';
import { publishAlertRaised, readAlertSettings, type AlertRow } from '../seams';
import type { LinkDied, LinkRevived } from '../verify/link-events';
import { findAlertLink, insertAlert, ownerUsername, type NewAlert } from './alerts.repository';

/** The site an alert names: the host of the site's address (or of the link). */
export function siteName(address: string): string {
  try {
    return new URL(address).host || address;
  } catch {
    return address;
  }
}

type Delivery = { state: AlertDeliveryState; info: string } | null;

/**
 * Which deliveries the user asked for, as the alert starts them: the webhook when an address is
 * saved; email when it is on — skipped (saying why) without an SMTP server or an address of the
 * account's own.
 */
export async function plannedDeliveries(ctx: AppContext, ownerId: number, options: { webhook: boolean }): Promise<{ webhook: Delivery; email: Delivery }> {
  const { db } = ctx.database;
  const settings = await readAlertSettings(db, ownerId);
  const webhook: Delivery = options.webhook && settings.webhookUrl !== '' ? { state: 'pending', info: 'Waiting to be sent' } : null;
  if (!settings.emailEnabled) return { webhook, email: null };
  if (!ctx.config.smtp) return { webhook, email: { state: 'skipped', info: ALERT_MESSAGES.noSmtp } };
  const address = accountEmailAddress((await ownerUsername(db, ownerId)) ?? '');
  if (address === null) return { webhook, email: { state: 'skipped', info: ALERT_MESSAGES.noAddress } };
  return { webhook, email: { state: 'pending', info: `Waiting to be sent to ${address}` } };
}

/** Sends the delivery jobs of stored alerts whose delivery is pending (each alert once: singleton keys). */
export async function sendDeliveries(ctx: AppContext, ownerId: number, rows: readonly AlertRow[], emailKey: string): Promise<void> {
  for (const row of rows) {
    if (row.webhook_state === 'pending') await ctx.queue.send(JOB.alertWebhook, { ownerId, alertId: row.id }, { singletonKey: `alert-webhook-${row.id}` });
  }
  const mailed = rows.filter((row) => row.email_state === 'pending').map((row) => row.id);
  if (mailed.length > 0) await ctx.queue.send(JOB.alertEmail, { ownerId, alertIds: mailed }, { singletonKey: emailKey });
}

type LinkEvent = Pick<LinkDied, 'ownerId' | 'urlItemId' | 'urlListId' | 'url'>;
/** What differs between a lost and a back alert. */
type LinkAlertWords = Pick<NewAlert, 'kind' | 'eventKey' | 'title' | 'body'>;

/**
 * Stores one alert of a link event (once per event: its key), tells the user's bell live, then
 * sends the deliveries the user asked for. A failure here never touches the check that raised it.
 */
async function raiseLinkAlert(ctx: AppContext, event: LinkEvent, build: (facts: AlertLinkFacts) => LinkAlertWords): Promise<void> {
  const { db } = ctx.database;
  const { ownerId, urlItemId } = event;
  const link = await findAlertLink(db, ownerId, urlItemId);
  const url = event.url;
  const site = siteName(link?.site || url);
  const words = build({ url, site, linkSet: link?.linkSet ?? `#${event.urlListId}`, campaign: link?.campaign ?? '—' });
  const deliveries = await plannedDeliveries(ctx, ownerId, { webhook: true });
  const row = await insertAlert(db, {
    ...words, ...deliveries, ownerId, campaignId: link?.campaignId ?? null, linkSetId: link?.linkSetId ?? event.urlListId, urlItemId, url, site,
    createdAt: ctx.clock.now(),
  });
  if (!row) return;
  await publishAlertRaised(ctx, ownerId, row);
  await sendDeliveries(ctx, ownerId, [row], `alert-email-${row.id}`);
}

/** onLinkDied: "Link lost on {site}" with what the checks saw and what to do. */
export function handleLinkDied(ctx: AppContext, event: LinkDied): Promise<void> {
  return raiseLinkAlert(ctx, event, (facts) => ({
    kind: 'link_dead',
    eventKey: `dead:${event.urlItemId}:${event.since}`,
    title: ALERT_MESSAGES.deadTitle(facts.site),
    body: ALERT_MESSAGES.deadBody(facts, event.reason, event.httpStatus, event.since),
  }));
}

/** onLinkRevived: "Link back on {site}". */
export function handleLinkRevived(ctx: AppContext, event: LinkRevived): Promise<void> {
  return raiseLinkAlert(ctx, event, (facts) => ({
    kind: 'link_back',
    eventKey: `back:${event.urlItemId}:${event.at}`,
    title: ALERT_MESSAGES.backTitle(facts.site),
    body: ALERT_MESSAGES.backBody(facts, event.httpStatus, event.at),
  }));
}
