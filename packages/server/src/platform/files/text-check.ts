/**
 * Tells, chunk by chunk, whether an upload is UTF-8 text: a NUL byte or a byte sequence that is
 * not UTF-8 (a ZIP, an image, a spreadsheet) means it is not, whatever its name says.
 */
export class Utf8TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  /** Feeds the next chunk; false once the bytes so far are not text. */
  push(chunk: Uint8Array): boolean {
    if (!this.text) return false;
    try {
      this.decoder.decode(chunk, { stream: true });
      if (chunk.includes(0)) this.text = false;
    } catch {
      this.text = false;
    }
    return this.text;
  }

  /** After the last chunk: false when the bytes were not text (or ended mid-character). */
  end(): boolean {
    if (!this.text) return false;
    try {
      this.decoder.decode();
    } catch {
      this.text = false;
    }
    return this.text;
  }
}
