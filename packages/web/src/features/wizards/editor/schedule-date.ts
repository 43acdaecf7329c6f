import dayjs, { type Dayjs } from 'dayjs';
import { formatWireDate, parseWireDate } from '@linkloom/shared';

export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'HH:mm';

/**
 * The pickers show local time; the wizard holds 'DD/MM/YYYY HH:mm' in UTC (the schedule's wire
 * format). A day without a time (or the reverse) keeps only what is there, so the tab's rules name
 * the missing part.
 */
export function startDateOf(day: Dayjs | null, time: Dayjs | null): string | null {
  if (day && time) return formatWireDate(new Date(day.year(), day.month(), day.date(), time.hour(), time.minute()));
  if (day) return day.format(DATE_FORMAT);
  return null;
}

/** The pickers' local day and time of the wizard's start date (a day alone when only the day is chosen). */
export function pickersOf(startDate: string | null): { day: Dayjs | null; time: Dayjs | null } {
  if (startDate === null) return { day: null, time: null };
  const full = parseWireDate(startDate);
  if (full) return { day: dayjs(full), time: dayjs(full) };
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(startDate.trim());
  return { day: match ? dayjs(new Date(Number(match[3]), Number(match[2]) - 1, Number(match[1]))) : null, time: null };
}
