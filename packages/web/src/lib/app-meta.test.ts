import { describe, expect, it } from 'vitest';
import { remoteOcrHidden } from './app-meta';

/** A document with one meta tag of that content (or none). */
function page(content: string | null): Pick<Document, 'querySelector'> {
  return { querySelector: (() => (content === null ? null : { content })) as unknown as Document['querySelector'] };
}

describe('the RemoteOCR page flag', () => {
  it("is set only by the server's explicit 'true'", () => {
    expect(remoteOcrHidden(page('true'))).toBe(true);
    expect(remoteOcrHidden(page('false'))).toBe(false);
    // The Vite dev server leaves the template; an older page has no such meta.
    expect(remoteOcrHidden(page('%LINKLOOM_HIDE_REMOTE_OCR%'))).toBe(false);
    expect(remoteOcrHidden(page(null))).toBe(false);
  });
});
