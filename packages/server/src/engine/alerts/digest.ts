import { ALERT_DIGEST_LINES, ALERT_MESSAGES, DAY_MS } from '@linkloom/shared';

/** One link alert a digest gathers (engine/alerts/alerts.repository.ts digestSources). */
export interface DigestSource {
  campaignId: number;
  campaign: string;
  kind: 'link_dead' | 'link_back';
  url: string;
  site: string;
}

/** A campaign's day in one alert: its counts and words. */
export interface CampaignDigest {
  campaignId: number;
  campaign: string;
  lost: number;
  back: number;
  title: string;
  body: string;
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Where a UTC day begins (epoch ms). */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** The UTC day before `day`. */
export function previousDay(day: string): string {
  return utcDay(dayStart(day) - DAY_MS);
}

/**
 * A day's link alerts gathered into one digest per campaign (pure): in campaign order of first
 * appearance, each with how many links were lost and came back, one line per alert up to
 * ALERT_DIGEST_LINES (the rest counted), and what to do when any was lost.
 */
export function groupDigests(sources: readonly DigestSource[], day: string): CampaignDigest[] {
  const byCampaign = new Map<number, DigestSource[]>();
  for (const source of sources) {
    const list = byCampaign.get(source.campaignId);
    if (list) list.push(source);
    else byCampaign.set(source.campaignId, [source]);
  }
  return [...byCampaign.values()].map((alerts) => {
    const { campaignId, campaign } = alerts[0]!;
    const lost = alerts.filter((alert) => alert.kind === 'link_dead').length;
    const back = alerts.length - lost;
    const lines = alerts.slice(0, ALERT_DIGEST_LINES)
      .map((alert) => (alert.kind === 'link_dead' ? ALERT_MESSAGES.digestLost(alert.url, alert.site) : ALERT_MESSAGES.digestBack(alert.url, alert.site)));
    if (alerts.length > ALERT_DIGEST_LINES) lines.push(ALERT_MESSAGES.digestMore(alerts.length - ALERT_DIGEST_LINES));
    const body = [ALERT_MESSAGES.digestSummary(day, lost, back), ...lines, ...(lost > 0 ? [ALERT_MESSAGES.digestTodo] : [])].join('\n');
    return { campaignId, campaign, lost, back, title: ALERT_MESSAGES.digestTitle(campaign, day), body };
  });
}
