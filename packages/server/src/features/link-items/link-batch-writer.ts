import type { Kysely } from 'kysely';
import { MAX_REPORTED_LINE_ERRORS, parseBatchLine, type BatchLink, type LinkImportResult } from '@linkloom/shared';
import type { DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { INSERT_BATCH_ROWS, insertLinks, type LinkTarget } from './insert-links';

/**
 * Takes batch lines one at a time (from a text or a streamed file), keeps at most one insert batch
 * in memory, writes full batches as they fill, and lists refused lines with their numbers. Used
 * inside one transaction, so a refused file leaves nothing behind.
 */
export class LinkBatchWriter {
  private pending: BatchLink[] = [];
  private readonly result: LinkImportResult = { added: 0, skipped: 0, errors: [] };

  constructor(
    private readonly trx: Kysely<DB>,
    private readonly dialect: DialectName,
    private readonly target: LinkTarget,
  ) {}

  /** One line with its 1-based number; empty lines are skipped silently. */
  async line(number: number, text: string): Promise<void> {
    const parsed = parseBatchLine(text);
    if (parsed === null) return;
    if (!parsed.ok) {
      this.result.skipped += 1;
      if (this.result.errors.length < MAX_REPORTED_LINE_ERRORS) this.result.errors.push({ line: number, message: parsed.message });
      return;
    }
    this.pending.push(parsed.link);
    if (this.pending.length >= INSERT_BATCH_ROWS) await this.flush();
  }

  /** Writes what is left and answers how many were added and which lines were refused. */
  async finish(): Promise<LinkImportResult> {
    await this.flush();
    return this.result;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const links = this.pending;
    this.pending = [];
    await insertLinks(this.trx, this.dialect, this.target, links);
    this.result.added += links.length;
  }
}
