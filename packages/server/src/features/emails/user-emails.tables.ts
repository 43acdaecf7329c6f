import type { Generated } from 'kysely';

/** One mailbox of the email manager (migration 0022); booleans are 0/1, the password is sealed. */
export interface UserEmailsTable {
  id: Generated<number>;
  owner_id: number;
  created_at: number;
  address: string;
  login: string;
  /** Sealed with platform/crypto (`enc:v1:…`). */
  password: string;
  server: string;
  port: number;
  /** 'pop3' or 'imap'. */
  protocol: string;
  /** 1: implicit TLS (IMAPS / POP3S). */
  ssl: Generated<number>;
  /** 1 (with ssl 0): upgrade a plain connection with STARTTLS / STLS. */
  start_tls: Generated<number>;
  /** 1: accept a certificate no trusted authority signed (a self-signed test server). */
  allow_self_signed: Generated<number>;
  check_spam_folder: Generated<number>;
  spam_folder_name: Generated<string>;
  used: Generated<number>;
}

export interface UserEmailTables {
  user_emails: UserEmailsTable;
}
