import { AccountImportResponseSchema } from '@linkloom/shared';
import { importOutcome, withUnlisted, type ImportOutcome } from '@/lib/import-outcome';

/**
 * An account file's answer as its outcome: '3 accounts added, 1 account updated, 2 lines refused',
 * with each refused line by its number in the file. Null for an answer of another shape.
 */
export function accountImportOutcome(body: unknown): ImportOutcome | null {
  const parsed = AccountImportResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { imported, updated, errors, errorsOmitted } = parsed.data;
  const refused = errors.length + errorsOmitted;
  return importOutcome(
    [{ count: imported, noun: 'account', verb: 'added' }, { count: updated, noun: 'account', verb: 'updated' }, { count: refused, noun: 'line', verb: 'refused' }],
    withUnlisted(errors, refused),
    imported + updated,
  );
}
