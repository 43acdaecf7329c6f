import { Space } from 'antd';
import { ApiOutlined, CloudDownloadOutlined } from '@ant-design/icons';
import { EMAIL_MESSAGES, type EmailSettings } from '@linkloom/shared';
import { toastDone } from '@/lib/action-feedback';
import { ExplainedButton } from '../disabled-reason';
import { useDownloadMailbox, useTestMailboxLogin, type MailboxFailures } from './mailbox-api';

/** A mailbox as a screen's fields hold it: any field may still be empty (a port or protocol not chosen). */
export type MailboxFields = { [K in keyof EmailSettings]?: EmailSettings[K] | null };

/**
 * What Test Email sends for the fields as they are: an empty port or protocol goes as 0 / POP3,
 * and the server says what is missing.
 */
export function mailboxToTest(fields: MailboxFields): EmailSettings {
  return {
    emailAddress: fields.emailAddress ?? '', emailLogin: fields.emailLogin ?? '', emailPassword: fields.emailPassword ?? '', emailServer: fields.emailServer ?? '',
    emailServerPort: fields.emailServerPort ?? 0, mailProtocol: fields.mailProtocol ?? 'pop3', SSL: fields.SSL ?? true, startTls: fields.startTls ?? false,
    allowSelfSigned: fields.allowSelfSigned ?? false, checkSpamFolder: fields.checkSpamFolder ?? false, spamFolderName: fields.spamFolderName ?? '',
  };
}

export interface MailboxActionsProps {
  /** The screen's words for a failed call. */
  failures: MailboxFailures;
  /** Puts the downloaded mailbox's settings in the screen's fields. */
  onFill: (settings: EmailSettings) => void;
  /** The mailbox as the fields hold it now, for Test Email. */
  current: () => MailboxFields;
  /** Why the buttons are off (the project is not being edited); null or absent when on. */
  disabledReason?: string | null;
}

/**
 * Download Mail, Download From Email List and Test Email above a manual mailbox's fields (the
 * X-Wizard's Emails tab and an account creation project's Email tab): a download fills the fields,
 * a test signs in to the mailbox as the fields say.
 */
export function MailboxActions(props: MailboxActionsProps) {
  const { failures, onFill, current, disabledReason = null } = props;
  const download = useDownloadMailbox(failures);
  const testLogin = useTestMailboxLogin(failures.testLogin);
  const fill = async (from: 'mail' | 'list') => {
    const settings = await download.mutateAsync(from).catch(() => null);
    if (settings === null) return;
    onFill(settings);
    if (from === 'mail') toastDone(EMAIL_MESSAGES.downloaded);
  };
  const busy = (from: 'mail' | 'list') => download.isPending && download.variables === from;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <ExplainedButton icon={<CloudDownloadOutlined />} disabledReason={disabledReason} loading={busy('mail')} onClick={() => void fill('mail')} data-testid="download-mail">
        Download Mail
      </ExplainedButton>
      <ExplainedButton icon={<CloudDownloadOutlined />} disabledReason={disabledReason} loading={busy('list')} onClick={() => void fill('list')} data-testid="download-email-list">
        Download From Email List
      </ExplainedButton>
      <ExplainedButton icon={<ApiOutlined />} disabledReason={disabledReason} loading={testLogin.isPending} onClick={() => void testLogin.mutateAsync(mailboxToTest(current())).catch(() => undefined)} data-testid="test-email">
        Test Email
      </ExplainedButton>
    </Space>
  );
}
