import { LINK_ITEM_MESSAGES, LinkImportResultSchema, type LinkImportResult } from '@linkloom/shared';
import { countOf, type SummaryPart } from '@/lib/action-feedback';
import { importOutcome, withUnlisted, type ImportOutcome } from '@/lib/import-outcome';

/**
 * A batch add's or a link file's outcome: spec 1 §8's 'added links' with the counts ("added links:
 * 4 links, 1 line refused, 2 duplicates skipped") when any link was added, otherwise what was not
 * ("No links added, 2 lines refused"); the refused lines by their number.
 */
export function linkImportOutcome(result: LinkImportResult): ImportOutcome {
  const duplicates = result.duplicates ?? 0;
  const left: SummaryPart[] = [
    { count: result.skipped - duplicates, noun: 'line', verb: 'refused' },
    { count: duplicates, noun: 'duplicate', verb: 'skipped' },
  ];
  const refused = withUnlisted(result.errors, result.skipped);
  const outcome = importOutcome([{ count: result.added, noun: 'link', verb: 'added' }, ...left], refused);
  if (result.added === 0) return outcome;
  const notes = left.filter((part) => part.count > 0).map((part) => `${countOf(part.count, part.noun)} ${part.verb}`);
  return { ...outcome, summary: `${LINK_ITEM_MESSAGES.batchAdded}: ${[countOf(result.added, 'link'), ...notes].join(', ')}` };
}

/** A link file's answer as its outcome; null for an answer of another shape. */
export function linkFileOutcome(body: unknown): ImportOutcome | null {
  const parsed = LinkImportResultSchema.safeParse(body);
  return parsed.success ? linkImportOutcome(parsed.data) : null;
}
