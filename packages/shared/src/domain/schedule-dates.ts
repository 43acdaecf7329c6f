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

// ISO 8601 as clients write it: a date, optionally a time (seconds and fractions optional), optionally
// a zone (Z or ±hh[:]mm). Without a zone it is read as UTC, the wire's own zone.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The instant an ISO 8601 text names (no zone: UTC), or null when it is not a real such date. */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const zone = match[7];
  const local = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second));
  const real = local.getUTCFullYear() === year && local.getUTCMonth() === month! - 1 && local.getUTCDate() === day
    && local.getUTCHours() === hour && local.getUTCMinutes() === minute && local.getUTCSeconds() === second;
  if (!real) return null;
  if (zone === undefined || zone.toUpperCase() === 'Z') return local;
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const minutes = Number(offset[2]) * 60 + Number(offset[3]);
  if (Number(offset[2]) > 23 || Number(offset[3]) > 59) return null;
  return new Date(local.getTime() - (offset[1] === '-' ? -minutes : minutes) * 60_000);
}

/** Epoch milliseconds past the last year the wire format writes (9999). */
const END_OF_WIRE_YEARS_MS = Date.UTC(10_000, 0, 1);

/**
 * A schedule date as clients send it (issue 38: the original's clients send epoch milliseconds or
 * ISO 8601): the wire text `DD/MM/YYYY HH:mm` (UTC), an ISO 8601 text (no zone: UTC), or epoch
 * milliseconds (a whole number from 1970 to the year 9999). The instant, or null when the value is
 * none of them.
 */
export function parseScheduleDate(value: string | number): Date | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && value < END_OF_WIRE_YEARS_MS ? new Date(value) : null;
  return parseWireDate(value) ?? parseIsoDate(value);
}
