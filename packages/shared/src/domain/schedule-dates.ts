/**
 * Schedule dates (spec 1 §3, §9; SCOPE.md): stored as UTC instants, carried on the wire as
 * `DD/MM/YYYY HH:mm` in UTC, shown and entered in the browser's local time.
 */
const WIRE_DATE = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** The instant a wire date names, or null when the text is not a real `DD/MM/YYYY HH:mm` date. */
export function parseWireDate(text: string): Date | null {
  const match = WIRE_DATE.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Date.UTC rolls 31/02 over into March: such a date is not real.
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    && date.getUTCHours() === hour && date.getUTCMinutes() === minute;
  return real ? date : null;
}

/** An instant as the wire carries it: `DD/MM/YYYY HH:mm` in UTC (seconds dropped). */
export function formatWireDate(date: Date): string {
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** An instant in the local time of the machine running this code, same format (for screens). */
export function formatLocalDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A wire date shown in local time; text that is not such a date is shown as it is. */
export function wireDateToLocal(text: string | undefined): string {
  if (!text) return '';
  const date = parseWireDate(text);
  return date ? formatLocalDate(date) : text;
}
