import { filenameFromContentDisposition } from './content-disposition';
import { failHttp, sendRequest } from './http';

/** What to download and how. */
export interface DownloadRequest {
  url: string;
  method?: 'GET' | 'POST';
  /** Sent as JSON (e.g. the ids of the selected rows). */
  body?: unknown;
  /** Saved under this name when the answer names no file. */
  fallbackName: string;
  /** The caller shows failures itself (no notification; a 401 still throws). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** Saves a blob under a name through a temporary `<a download>` (no new tab, no navigation). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the save in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}


/**
 * Downloads a file the server streams (exports, backlinks, accounts) with the session cookie and
 * the XSRF header, and saves it under the name of its Content-Disposition header. A non-2xx
 * answer is shown like any failed call (lib/http.ts) and thrown as an HttpError.
 * Returns the name the file was saved under.
 */
export async function downloadFile(request: DownloadRequest): Promise<string> {
  const { url, method = 'GET', body, fallbackName, silent = false, signal } = request;
  const response = await sendRequest(method, url, { body, signal, silent });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    return failHttp({ status: response.status, url, statusText: response.statusText, body: parseJson(text) }, silent);
  }
  const blob = await response.blob();
  const fileName = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}
