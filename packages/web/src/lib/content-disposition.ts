/**
 * Reading the file name of a download from its Content-Disposition header (RFC 6266): the
 * extended `filename*=UTF-8''…` form wins over plain `filename=`, as browsers do.
 */

/** Splits the header into `name=value` parameters, honouring quoted strings (`;` inside quotes). */
function parameters(header: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of `;${header}`.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    let value = (match[2] ?? '').trim();
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    if (!found.has(name)) found.set(name, value);
  }
  return found;
}

/** Decodes `charset'lang'percent-encoded` (RFC 5987); null when it cannot be read. */
function decodeExtended(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    // ISO-8859-1: every %XX is one character code.
    return encoded.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

/** Keeps only the last path segment so a hostile name cannot point elsewhere. */
function baseName(name: string): string {
  return (name.split(/[/\\]/).pop() ?? '').trim();
}

/**
 * The file name a Content-Disposition header names, or null when it names none.
 * `attachment; filename="a.csv"; filename*=UTF-8''%C3%A4.csv` gives `ä.csv`.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = parameters(header);
  const extended = params.get('filename*');
  const decoded = extended === undefined ? null : decodeExtended(extended);
  const name = baseName(decoded ?? params.get('filename') ?? '');
  return name === '' ? null : name;
}
