import type { UserEmailRow } from '@linkloom/shared';
import type { UserEmailRecord } from './user-emails.repository';

/** A stored mailbox (password opened) → the grid's row. */
export function presentUserEmail(row: UserEmailRecord): UserEmailRow {
  return {
    id: row.id,
    address: row.address,
    login: row.login,
    password: row.password,
    server: row.server,
    port: row.port,
    protocol: row.protocol === 'imap' ? 'imap' : 'pop3',
    ssl: row.ssl === 1,
    startTls: row.start_tls === 1,
    allowSelfSigned: row.allow_self_signed === 1,
    checkSpamFolder: row.check_spam_folder === 1,
    spamFolderName: row.spam_folder_name,
    used: row.used === 1,
  };
}
