/**
 * Values the server writes into index.html at serve time (see packages/web/index.html). Under the
 * Vite dev server they stay `%…%` templates, which the banner rule treats as "not configured".
 */
export function readMeta(name: string, doc: Pick<Document, 'querySelector'> = document): string | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
}

/** The page flag hiding the RemoteOCR captcha provider: only an explicit 'true' (a dev server's template is not set). */
export function remoteOcrHidden(doc: Pick<Document, 'querySelector'> = document): boolean {
  return readMeta('linkloom-hide-remote-ocr', doc) === 'true';
}

/** The running version and the newest released one, as the server announced them. */
export function appVersions(): { version: string; latestVersion: string | null } {
  return {
    version: readMeta('linkloom-version') ?? '',
    latestVersion: readMeta('linkloom-latest-version'),
  };
}
