import { useMutation } from '@tanstack/react-query';
import { EmailDownloadSchema, EmailTestResultSchema, type EmailSettings } from '@linkloom/shared';
import { get, post } from '@/lib/http';
import { toastDone } from '@/lib/action-feedback';

/**
 * The spec's failure texts of a screen's mailbox calls: the same calls carry other words on the
 * project form (spec 1 §8), the X-Wizard and the email manager (spec 2 §8). Each is the toast's
 * title when the answer carries no reason of its own.
 */
export interface MailboxFailures {
  download: string;
  listDownload: string;
  testLogin: string;
}

/** POST /action/email/download (Download Mail) and GET /action/email_list/download (Download From Email List). */
export function useDownloadMailbox(failures: MailboxFailures) {
  return useMutation({
    mutationFn: async (from: 'mail' | 'list') => {
      const answer = from === 'mail'
        ? await post('/action/email/download', { schema: EmailDownloadSchema, failure: failures.download })
        : await get('/action/email_list/download', { schema: EmailDownloadSchema, failure: failures.listDownload });
      return answer.emailSettings;
    },
  });
}

/** POST /action/email/test_login (Test Email): a real login; success says so (and names the spam folder), a failure says what to fix. */
export function useTestMailboxLogin(failure: string) {
  return useMutation({
    mutationFn: (settings: EmailSettings) => post('/action/email/test_login', { body: settings, schema: EmailTestResultSchema, failure }),
    onSuccess: (result) => toastDone(result.message),
  });
}
