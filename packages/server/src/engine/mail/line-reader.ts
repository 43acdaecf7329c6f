const LF = 0x0a;
const CR = 0x0d;

/** A line passed its cap before it ended. */
export class LineTooLongError extends Error {
  constructor(readonly maxBytes: number) {
    super(`a line passed ${maxBytes} bytes`);
    this.name = 'LineTooLongError';
  }
}

/**
 * Splits what a server sends into lines, however the network cuts it. Chunks are kept as they
 * came and only the bytes not yet searched are searched for the line end, so a server streaming
 * a line that never ends costs one pass over its bytes (never a rescan of the whole buffer, nor
 * a copy per chunk) until the line passes its cap. A line ends at LF; a CR before it is dropped.
 */
export class LineReader {
  private chunks: Buffer[] = [];
  /** Bytes of chunks[0] already taken. */
  private head = 0;
  /** Where the search for LF resumes: a chunk index and an offset in it. */
  private scanChunk = 0;
  private scanOffset = 0;
  /** Unconsumed bytes searched without finding LF (the unfinished line's length so far). */
  private scanned = 0;

  push(chunk: Buffer): void {
    if (chunk.length > 0) this.chunks.push(chunk);
  }

  /** Drops everything buffered (STARTTLS: nothing sent before the handshake may be read after it). */
  clear(): void {
    this.chunks = [];
    this.head = 0;
    this.resetScan();
  }

  /**
   * The next whole line without its line end, or null until one has arrived. Throws
   * LineTooLongError when the line (ended or not) is longer than `maxBytes`.
   */
  nextLine(maxBytes: number): Buffer | null {
    while (this.scanChunk < this.chunks.length) {
      const chunk = this.chunks[this.scanChunk]!;
      const from = this.scanChunk === 0 ? Math.max(this.scanOffset, this.head) : this.scanOffset;
      const end = chunk.indexOf(LF, from);
      if (end === -1) {
        this.scanned += chunk.length - from;
        this.scanChunk += 1;
        this.scanOffset = 0;
        if (this.scanned > maxBytes) throw new LineTooLongError(maxBytes);
        continue;
      }
      const length = this.scanned + (end - from);
      if (length > maxBytes + 1) throw new LineTooLongError(maxBytes);
      const line = this.take(length + 1);
      const withoutLf = line.subarray(0, line.length - 1);
      const text = withoutLf.length > 0 && withoutLf[withoutLf.length - 1] === CR ? withoutLf.subarray(0, withoutLf.length - 1) : withoutLf;
      if (text.length > maxBytes) throw new LineTooLongError(maxBytes);
      return text;
    }
    return null;
  }

  /** Takes the first `count` unconsumed bytes (one copy only when they span chunks). */
  private take(count: number): Buffer {
    const first = this.chunks[0]!;
    let line: Buffer;
    if (first.length - this.head >= count) {
      line = first.subarray(this.head, this.head + count);
      this.head += count;
    } else {
      line = Buffer.allocUnsafe(count);
      let filled = 0;
      while (filled < count) {
        const chunk = this.chunks[0]!;
        const part = Math.min(chunk.length - this.head, count - filled);
        chunk.copy(line, filled, this.head, this.head + part);
        filled += part;
        this.head += part;
        if (this.head === chunk.length) {
          this.chunks.shift();
          this.head = 0;
        }
      }
    }
    if (this.chunks.length > 0 && this.head === this.chunks[0]!.length) {
      this.chunks.shift();
      this.head = 0;
    }
    this.resetScan();
    return line;
  }

  private resetScan(): void {
    this.scanChunk = 0;
    this.scanOffset = 0;
    this.scanned = 0;
  }
}
