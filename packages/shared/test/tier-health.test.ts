import { describe, expect, test } from 'vitest';
import { awaitingDeadConfirmation, isIndexable, targetHealth, type LinkHistoryStatus } from '../src/domain/link-health';

const checks = (...statuses: LinkHistoryStatus[]) => statuses.map((status, i) => ({ checkedAt: 1000 * (i + 1), status }));

describe('tier health: when an upper-tier target is dead', () => {
  test('never checked, or one dead check alone, is alive', () => {
    expect(targetHealth([])).toEqual({ dead: false });
    expect(targetHealth(checks('MISSING'))).toEqual({ dead: false });
    expect(targetHealth(checks('OK', 'GONE'))).toEqual({ dead: false });
  });

  test('two dead checks in a row (MISSING or GONE, any mix) make it dead, with the latest reason and the instant it became dead', () => {
    expect(targetHealth(checks('OK', 'MISSING', 'MISSING'))).toEqual({ dead: true, reason: 'MISSING', since: 3000 });
    expect(targetHealth(checks('OK', 'MISSING', 'GONE'))).toEqual({ dead: true, reason: 'GONE', since: 3000 });
    expect(targetHealth(checks('GONE', 'GONE', 'MISSING', 'MISSING'))).toEqual({ dead: true, reason: 'MISSING', since: 2000 });
  });

  test('ERROR checks are skipped: they neither count nor break the run', () => {
    expect(targetHealth(checks('OK', 'MISSING', 'ERROR', 'ERROR'))).toEqual({ dead: false });
    expect(targetHealth(checks('OK', 'MISSING', 'ERROR', 'GONE'))).toEqual({ dead: true, reason: 'GONE', since: 4000 });
    expect(targetHealth(checks('MISSING', 'MISSING', 'ERROR'))).toEqual({ dead: true, reason: 'MISSING', since: 2000 });
  });

  test('a later OK or NOFOLLOW check brings it back', () => {
    expect(targetHealth(checks('MISSING', 'GONE', 'OK'))).toEqual({ dead: false });
    expect(targetHealth(checks('MISSING', 'GONE', 'NOFOLLOW'))).toEqual({ dead: false });
    expect(targetHealth(checks('MISSING', 'GONE', 'OK', 'MISSING'))).toEqual({ dead: false });
  });

  test('the order the checks come in does not matter', () => {
    const shuffled = [{ checkedAt: 3000, status: 'GONE' as const }, { checkedAt: 1000, status: 'OK' as const }, { checkedAt: 2000, status: 'MISSING' as const }];
    expect(targetHealth(shuffled)).toEqual({ dead: true, reason: 'GONE', since: 3000 });
  });
});

describe('dead fast (issue 36): a first dead check waits for its confirmation; transient failures never count', () => {
  test('a dead check alone waits for a confirmation; two in a row do not (they are the verdict); a live check ends the wait', () => {
    expect(awaitingDeadConfirmation([])).toBe(false);
    expect(awaitingDeadConfirmation(checks('OK'))).toBe(false);
    expect(awaitingDeadConfirmation(checks('OK', 'MISSING'))).toBe(true);
    expect(awaitingDeadConfirmation(checks('OK', 'GONE'))).toBe(true);
    expect(awaitingDeadConfirmation(checks('OK', 'MISSING', 'GONE'))).toBe(false);
    expect(awaitingDeadConfirmation(checks('MISSING', 'OK'))).toBe(false);
  });

  test('ERRORs after a dead check keep it waiting (they are skipped), and never make it dead however many', () => {
    expect(awaitingDeadConfirmation(checks('OK', 'MISSING', 'ERROR', 'ERROR'))).toBe(true);
    expect(targetHealth(checks('OK', 'MISSING', ...Array<LinkHistoryStatus>(20).fill('ERROR')))).toEqual({ dead: false });
  });

  test('a page that only fails to answer (timeouts, 5xx: ERROR) is never dead, whatever came before', () => {
    expect(targetHealth(checks(...Array<LinkHistoryStatus>(50).fill('ERROR')))).toEqual({ dead: false });
    expect(targetHealth(checks('OK', 'ERROR', 'ERROR', 'ERROR'))).toEqual({ dead: false });
    expect(awaitingDeadConfirmation(checks('OK', 'ERROR', 'ERROR'))).toBe(false);
  });
});

describe('only live links go to indexers', () => {
  test('OK, NOFOLLOW and never checked go; MISSING, ERROR and a retrying PENDING are held back', () => {
    expect(['OK', 'NOFOLLOW', 'NONE'].map(isIndexable)).toEqual([true, true, true]);
    expect(['MISSING', 'ERROR', 'PENDING', 'GONE', ''].map(isIndexable)).toEqual([false, false, false, false, false]);
  });
});
