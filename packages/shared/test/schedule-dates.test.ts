import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatWireDate, parseIsoDate, parseScheduleDate, parseWireDate, wireDateToLocal } from '../src/domain/schedule-dates';

describe('schedule dates on the wire (DD/MM/YYYY HH:mm, UTC)', () => {
  it('parses real dates and formats them back unchanged', () => {
    for (const text of ['01/01/2030 00:00', '29/02/2028 23:59', '31/12/1999 12:30', '05/06/2026 07:08']) {
      const date = parseWireDate(text);
      expect(date, text).not.toBeNull();
      expect(formatWireDate(date!)).toBe(text);
    }
    expect(parseWireDate('05/06/2026 07:08')!.toISOString()).toBe('2026-06-05T07:08:00.000Z');
  });

  it('refuses dates that do not exist and other shapes', () => {
    for (const text of ['31/02/2030 10:00', '29/02/2027 10:00', '00/01/2030 10:00', '01/13/2030 10:00', '01/01/2030 24:00', '01/01/2030 10:60', '1/1/2030 10:00', '2030-01-01 10:00', '', '01/01/2030']) {
      expect(parseWireDate(text), text).toBeNull();
    }
  });

  it('drops seconds when formatting and shows local time on screens', () => {
    expect(formatWireDate(new Date('2030-04-05T06:07:59Z'))).toBe('05/04/2030 06:07');
    const date = new Date(2030, 3, 5, 6, 7);
    expect(formatLocalDate(date)).toBe('05/04/2030 06:07');
    expect(wireDateToLocal(formatWireDate(date))).toBe('05/04/2030 06:07');
    expect(wireDateToLocal('not a date')).toBe('not a date');
    expect(wireDateToLocal(undefined)).toBe('');
  });
});

describe('schedule dates as clients of the original send them (issue 38)', () => {
  const at = Date.UTC(2030, 1, 1, 10, 0);

  it('reads ISO 8601 with or without a time, seconds and zone (no zone: UTC)', () => {
    for (const text of ['2030-02-01T10:00:00Z', '2030-02-01T10:00:00.123Z', '2030-02-01T10:00', '2030-02-01 10:00z', '2030-02-01T11:30+01:30', '2030-02-01T05:00-0500']) {
      expect(parseIsoDate(text)?.getTime(), text).toBe(at);
    }
    expect(parseIsoDate('2030-02-01')?.getTime()).toBe(Date.UTC(2030, 1, 1));
    for (const text of ['2030-02-30', '2030-13-01T10:00Z', '2030-02-01T24:00Z', '2030-02-01T10:00+25:00', '01/02/2030 10:00', '2030-2-1', 'tomorrow', '']) {
      expect(parseIsoDate(text), text).toBeNull();
    }
  });

  it('takes the wire text, ISO 8601 or epoch milliseconds from 1970 to the year 9999', () => {
    expect(parseScheduleDate('01/02/2030 10:00')?.getTime()).toBe(at);
    expect(parseScheduleDate('2030-02-01T10:00:00Z')?.getTime()).toBe(at);
    expect(parseScheduleDate(at)?.getTime()).toBe(at);
    for (const value of [1.5, -1, Number.NaN, Date.UTC(10_000, 0, 1), 'next Tuesday']) expect(parseScheduleDate(value), String(value)).toBeNull();
  });
});
