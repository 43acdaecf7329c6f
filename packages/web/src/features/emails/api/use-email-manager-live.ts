import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { emailKeys } from './email-keys';

/**
 * The one place the live topic `email_manager` meets the cache (DESIGN rule 6): inserted and
 * deleted mailboxes (from any tab, an import, the engine marking one used) refresh the list once
 * per burst.
 */
export function useEmailManagerLive(): void {
  useLiveInvalidate('email_manager', [emailKeys.list]);
}
