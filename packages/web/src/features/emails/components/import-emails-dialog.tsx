import { Typography } from 'antd';
import { EmailImportResultSchema, EMAIL_MESSAGES } from '@linkloom/shared';
import { UploadDialog } from '@/components/upload-dialog';
import { toastDone } from '@/lib/action-feedback';
import { EMAIL_IMPORT_URL } from '../api/emails-api';

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
      onDone={(result) => {
        const parsed = EmailImportResultSchema.safeParse(result.body);
        if (result.ok && parsed.success) toastDone(EMAIL_MESSAGES.imported(parsed.data.imported, parsed.data.errorList.length));
        onImported();
      }}
    />
  );
}
