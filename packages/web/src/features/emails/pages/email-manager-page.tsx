import { useState, type Key } from 'react';
import { Alert, Button, Tooltip } from 'antd';
import { ApiOutlined, ImportOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { DISABLED_REASONS, EMAIL_MESSAGES, emailSettingsOf, MAILBOX_FAILURES, type UserEmailRow } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useConfirm } from '@/components/confirm-delete';
import { useWindowFraction } from '@/lib/use-window-fraction';
import { useDeleteUserEmails, useSaveUserEmail, useUserEmails } from '../api/emails-api';
import { useTestMailboxLogin } from '@/components/mailbox-actions/mailbox-api';
import { useEmailManagerLive } from '../api/use-email-manager-live';
import { EMAIL_COLUMNS } from '../components/email-columns';
import { AddEmailDialog } from '../components/add-email-dialog';
import { ImportEmailsDialog } from '../components/import-emails-dialog';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import { ExplainedButton } from '@/components/disabled-reason';

/**
 * The email manager (/email-manager, spec 2 §2): the mailboxes used for registrations in one grid
 * (each column searchable, Used as a checkbox icon), Add Email (Save, Cancel, Test), Import emails
 * (several files), Test login of the selected mailbox, and delete of the selected ones, kept live.
 */
export function EmailManagerPage() {
  const query = useUserEmails();
  const saveEmail = useSaveUserEmail();
  const deleteEmails = useDeleteUserEmails();
  const testLogin = useTestMailboxLogin(MAILBOX_FAILURES.emailManager.testLogin);
  const { confirmDelete } = useConfirm();
  const [selected, setSelected] = useState<UserEmailRow[]>([]);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const scrollY = useWindowFraction(0.6);
  useEmailManagerLive();

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: EMAIL_MESSAGES.deleteConfirm }))) return;
    await deleteEmails.mutateAsync(selected.map((row) => row.address)).catch(() => undefined);
    setSelected([]);
  };
  const single = selected.length === 1 ? selected[0] : undefined;

  return (
    <div data-testid="email-manager-page">
      <PageHeader
        title="Email Manager"
        breadcrumbs={[{ title: 'Email Manager' }]}
        extra={(
          <Tooltip title="How the email manager works">
            <Button type="link" icon={<QuestionCircleOutlined />} href="/help#10-mailboxes-email-manager" target="_blank" data-testid="email-help">Help</Button>
          </Tooltip>
        )}
      />
      {query.isError && <Alert type="error" showIcon title={EMAIL_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <DataTable<UserEmailRow>
        testId="emails-table"
        // A password's search text stays out of the address (and the history).
        urlState={{ localFilters: ['password'] }}
        columns={EMAIL_COLUMNS}
        rows={query.data?.emails}
        rowKey="address"
        keyColumns={['address']}
        loading={query.isLoading}
        scrollY={scrollY}
        emptyText="Add a mailbox, or import a file of them"
        selection={{ selectedKeys: selected.map((row) => row.address), onChange: (_keys: Key[], rows) => setSelected(rows) }}
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-email">Add Email</Button>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="import-emails">Import emails</Button>
              <ExplainedButton
                icon={<ApiOutlined />} disabledReason={single ? null : DISABLED_REASONS.selectOneMailbox} loading={testLogin.isPending} data-testid="test-email"
                onClick={() => single && testLogin.mutate(emailSettingsOf(single))}
              >
                Test login
              </ExplainedButton>
              <DeleteSelectedButton selected={selected.length} loading={deleteEmails.isPending} onClick={() => void handleDelete()} testId="delete-emails" />
            </>
          ),
        }}
      />
      <AddEmailDialog
        open={adding}
        onSave={async (body) => void (await saveEmail.mutateAsync(body))}
        onTest={(settings) => testLogin.mutateAsync(settings)}
        onClose={() => setAdding(false)}
      />
      <ImportEmailsDialog open={importing} onClose={() => setImporting(false)} onImported={() => void query.refetch()} />
    </div>
  );
}
