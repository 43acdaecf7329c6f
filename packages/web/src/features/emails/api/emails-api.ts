import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DeletedUserEmailsSchema, EMAIL_MESSAGES, EmailTestResultSchema, UserEmailListSchema, UserEmailRowSchema,
  type EmailSettings, type UserEmailBody,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { toastDone } from '@/lib/action-feedback';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { emailKeys } from './email-keys';

/** GET /rest/user_emails: the user's mailboxes. */
export function useUserEmails() {
  return useQuery({
    queryKey: emailKeys.list,
    queryFn: ({ signal }) => get('/rest/user_emails', { schema: UserEmailListSchema, signal }),
  });
}

/** PUT /rest/user_emails: add a mailbox (the same address updates it). */
export function useSaveUserEmail() {
  return useInvalidatingMutation(
    emailKeys.all,
    (body: UserEmailBody) => put('/rest/user_emails', { body, schema: UserEmailRowSchema }),
    EMAIL_MESSAGES.added,
  );
}

/** DELETE /rest/user_emails [addresses] */
export function useDeleteUserEmails() {
  return useInvalidatingMutation(
    emailKeys.all,
    (addresses: string[]) => del('/rest/user_emails', { body: addresses, schema: DeletedUserEmailsSchema }),
    EMAIL_MESSAGES.deleted,
  );
}

/** POST /action/email/test_login: a real login; success says so (and names the spam folder), a failure says what to fix. */
export function useTestEmailLogin() {
  return useMutation({
    mutationFn: (settings: EmailSettings) => post('/action/email/test_login', { body: settings, schema: EmailTestResultSchema }),
    onSuccess: (result) => toastDone(result.message),
  });
}

/** Where Import emails sends its files (multipart field `file`, several at once). */
export const EMAIL_IMPORT_URL = '/action/import/user_emails';
