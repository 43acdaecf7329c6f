import { Typography } from 'antd';
import { EmailImportResultSchema, EMAIL_MESSAGES } from '@linkloom/shared';
import { UploadDialog } from '@/components/upload-dialog';
import { importOutcome, type ImportOutcome } from '@/lib/import-outcome';
import { EMAIL_IMPORT_URL } from '../api/emails-api';

/**
 * An email file's answer as its outcome: 'Successfully imported 2 emails; 1 line refused' when any
 * mailbox was written, 'No emails imported, 2 lines refused' when none was; refused lines by number.
 */
export function emailImportOutcome(body: unknown): ImportOutcome | null {
  const parsed = EmailImportResultSchema.safeParse(body);
  if (!parsed.success) return null;
  const { imported, errorList } = parsed.data;
  const outcome = importOutcome(
    [{ count: imported, noun: 'email', verb: 'imported' }, { count: errorList.length, noun: 'line', verb: 'refused' }],
    errorList.map(({ line, message }) => ({ line, message })),
  );
  return imported > 0 ? { ...outcome, summary: EMAIL_MESSAGES.imported(imported, errorList.length) } : outcome;
}

export interface ImportEmailsDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/**
 * Import emails (spec 2 §2): one or more text files of `email:login:password:server:port:protocol:ssl`
 * lines. Each file is its own upload; its refused lines are toasted with their reasons under the
 * file's name ('two.txt:' then 'Line 2: …', the upload's own toasts); an address already there is
 * updated.
 */
export function ImportEmailsDialog({ open, onClose, onImported }: ImportEmailsDialogProps) {
  return (
    <UploadDialog
      open={open}
      title="Import emails"
      onClose={onClose}
      action={EMAIL_IMPORT_URL}
      accept=".txt,.csv,text/plain"
      multiple
      testId="import-emails-dialog"
      zoneTestId="import-emails-file"
      hint={(
        <Typography.Text type="secondary">
          One mailbox per line: email:login:password:server:port:protocol(POP3, IMAP):ssl(true, false) — several files at once
        </Typography.Text>
      )}
      outcome={emailImportOutcome}
      onDone={onImported}
    />
  );
}
