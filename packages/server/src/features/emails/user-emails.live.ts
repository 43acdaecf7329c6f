import type { UserEmailRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';

/** After mailboxes were added or updated (committed): the email manager hears emailsInserted. */
export function publishEmailsInserted(ctx: AppContext, ownerId: number, emails: UserEmailRow[]): void {
  if (emails.length) ctx.live?.publish(ownerId, 'email_manager', 'emailsInserted', { emails });
}

/** After mailboxes were deleted (committed): the email manager hears emailsDeleted with their addresses. */
export function publishEmailsDeleted(ctx: AppContext, ownerId: number, addresses: string[]): void {
  if (addresses.length) ctx.live?.publish(ownerId, 'email_manager', 'emailsDeleted', { addresses });
}
