const WIRE_DATE = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A schedule's start date as the wire carries it (DD/MM/YYYY HH:mm in UTC) shown in the
 * browser's local time, same format; text that is not such a date is shown as it is.
 */
export function localScheduleStart(startDate: string | undefined): string {
  if (!startDate) return '';
  const match = WIRE_DATE.exec(startDate);
  if (!match) return startDate;
  const [, day, month, year, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
