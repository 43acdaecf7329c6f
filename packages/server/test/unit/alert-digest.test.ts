/** The daily digest's grouping (engine/alerts/digest.ts): one digest per campaign of a day's link alerts, pure. */
import { describe, expect, it } from 'vitest';
import { ALERT_DIGEST_LINES, ALERT_MESSAGES } from '@linkloom/shared';
import { dayStart, groupDigests, previousDay, utcDay, type DigestSource } from '../../src/engine/alerts/digest';
import { alertEmailText } from '../../src/engine/alerts/alert-email.job';

const lost = (campaignId: number, n: number): DigestSource => ({ campaignId, campaign: `Campaign ${campaignId}`, kind: 'link_dead', url: `https://blog${n}.example/post/`, site: `blog${n}.example` });
const back = (campaignId: number, n: number): DigestSource => ({ ...lost(campaignId, n), kind: 'link_back' });

describe('the alert digest', () => {
  it('gathers a day into one digest per campaign, in order, with its counts, a line per alert and what to do', () => {
    const digests = groupDigests([lost(7, 1), back(3, 2), lost(7, 3), back(7, 1)], '2026-01-10');
    expect(digests.map(({ campaignId, lost: l, back: b, title }) => ({ campaignId, l, b, title }))).toEqual([
      { campaignId: 7, l: 2, b: 1, title: 'Daily digest of "Campaign 7" for 2026-01-10' },
      { campaignId: 3, l: 0, b: 1, title: 'Daily digest of "Campaign 3" for 2026-01-10' },
    ]);
    expect(digests[0]!.body.split('\n')).toEqual([
      '2026-01-10 (UTC): 2 links lost, 1 link back.',
      'Lost: https://blog1.example/post/ on blog1.example',
      'Lost: https://blog3.example/post/ on blog3.example',
      'Back: https://blog1.example/post/ on blog1.example',
      ALERT_MESSAGES.digestTodo,
    ]);
    // Nothing lost: nothing to do.
    expect(digests[1]!.body.split('\n')).toEqual(['2026-01-10 (UTC): 0 links lost, 1 link back.', 'Back: https://blog2.example/post/ on blog2.example']);
    expect(groupDigests([], '2026-01-10')).toEqual([]);
  });

  it('names at most ALERT_DIGEST_LINES alerts and counts the rest', () => {
    const many = Array.from({ length: ALERT_DIGEST_LINES + 7 }, (_, n) => lost(1, n));
    const [digest] = groupDigests(many, '2026-01-10');
    const lines = digest!.body.split('\n');
    expect(lines[0]).toBe(`2026-01-10 (UTC): ${ALERT_DIGEST_LINES + 7} links lost, 0 links back.`);
    expect(lines.filter((line) => line.startsWith('Lost: '))).toHaveLength(ALERT_DIGEST_LINES);
    expect(lines).toContain('…and 7 more alerts in the app.');
  });

  it('counts days in UTC', () => {
    expect(utcDay(Date.UTC(2026, 0, 10, 23, 59, 59, 999))).toBe('2026-01-10');
    expect(dayStart('2026-01-10')).toBe(Date.UTC(2026, 0, 10));
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2026-01-01')).toBe('2025-12-31');
  });

  it('mails one alert under its own title, several under their number, each with its words', () => {
    const one = alertEmailText([{ title: 'Link lost on blog.example', body: 'Seen. What to do: fix it.', url: 'https://blog.example/p/', campaign: 'Seeds', createdAt: Date.UTC(2026, 0, 10, 8) }]);
    expect(one.subject).toBe('LinkLoom: Link lost on blog.example');
    expect(one.text).toContain('Seen. What to do: fix it.\nLink: https://blog.example/p/\nCampaign: Seeds\nRaised: 2026-01-10 08:00 UTC');
    const two = alertEmailText([{ title: 'A', body: 'a', url: null, campaign: null, createdAt: 0 }, { title: 'B', body: 'b', url: null, campaign: null, createdAt: 0 }]);
    expect(two.subject).toBe('LinkLoom: 2 alerts');
    expect(two.text).toMatch(/^A\n=\na\n[\s\S]*\n\nB\n=\nb\n/);
  });
});
