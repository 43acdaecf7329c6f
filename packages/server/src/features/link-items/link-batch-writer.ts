// The batch-line rules alone, not the whole shared package (its schemas): this module runs on the
// link import's worker thread too, whose memory is what it loads (run-link-import.ts).
import { MAX_REPORTED_LINE_ERRORS, parseBatchLine, type BatchLink } from '@linkloom/shared/batch-links';
import type { LinkImportResult } from '@linkloom/shared';

/**
 * Takes batch lines one at a time (from a text or a spooled file), keeps at most one batch of
 * links in memory, hands full batches to `write` as they fill, and lists refused lines with their
 * numbers. Where the batches go (one transaction, or a short transaction each) is the caller's.
 */
export class LinkBatchWriter {
  private pending: BatchLink[] = [];
  private readonly result: LinkImportResult = { added: 0, skipped: 0, errors: [] };

  constructor(
    private readonly write: (links: BatchLink[]) => Promise<void>,
    private readonly batchRows: number,
  ) {}

  /** One line with its 1-based number; empty lines are skipped silently. */
  async line(number: number, text: string): Promise<void> {
    this.take(number, text);
    if (this.pending.length >= this.batchRows) await this.flush();
  }

  /** Consecutive lines, `lines[i]` numbered `firstNumber + i`: one await per full batch, none per line. */
  async lines(firstNumber: number, lines: readonly string[]): Promise<void> {
    for (let i = 0; i < lines.length; i += 1) {
      this.take(firstNumber + i, lines[i]!);
      if (this.pending.length >= this.batchRows) await this.flush();
    }
  }

  /** Links added so far (written or waiting in the batch). */
  get added(): number {
    return this.result.added + this.pending.length;
  }

  /** Writes what is left and answers how many were added and which lines were refused. */
  async finish(): Promise<LinkImportResult> {
    await this.flush();
    return this.result;
  }

  private take(number: number, text: string): void {
    const parsed = parseBatchLine(text);
    if (parsed === null) return;
    if (!parsed.ok) {
      this.result.skipped += 1;
      if (this.result.errors.length < MAX_REPORTED_LINE_ERRORS) this.result.errors.push({ line: number, message: parsed.message });
      return;
    }
    this.pending.push(parsed.link);
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const links = this.pending;
    this.pending = [];
    await this.write(links);
    this.result.added += links.length;
  }
}
