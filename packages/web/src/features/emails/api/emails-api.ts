import { useQuery } from '@tanstack/react-query';
import {
  DeletedUserEmailsSchema, EMAIL_MESSAGES, UserEmailListSchema, UserEmailRowSchema,
  type UserEmailBody,
} from '@linkloom/shared';
import { del, get, put } from '@/lib/http';
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

/** Where Import emails sends its files (multipart field `file`, several at once). */
export const EMAIL_IMPORT_URL = '/action/import/user_emails';
