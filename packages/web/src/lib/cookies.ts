/**
 * Reads one cookie from a `document.cookie` style string. The CSRF token cookie is readable on
 * purpose (double-submit): the client echoes it in a header the server compares.
 */
export function readCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value that is not valid percent-encoding is still the token the server set.
      return raw;
    }
  }
  return null;
}
