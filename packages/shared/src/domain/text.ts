/** Splits text into lines whatever the line-break style (\r\n, \n or \r). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** Shortens a display name to `max` characters plus an ellipsis (lists truncate names at 120). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Comma-separated tags: trimmed, empty ones dropped, duplicates removed (first kept). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const tag of text.split(',').map((t) => t.trim())) if (tag) seen.add(tag);
  return [...seen];
}
