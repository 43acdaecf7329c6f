import { useState } from 'react';
import { Alert, Button, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { API_TOKEN_MESSAGES, CreateApiTokenBodySchema, type ApiToken, type CreateApiTokenResponse } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { NameDialog } from '@/components/name-dialog';
import { PageHeader } from '@/components/page-header';
import { useConfirm } from '@/components/confirm-delete';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens-api';
import { TokenSecretDialog } from '../components/token-secret-dialog';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { toastDone } from '@/lib/action-feedback';

/** `2030-01-31 10:00` in the browser's time zone. */
function formatWhen(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The API tokens screen (/api-tokens, from the user menu): the user's personal tokens for scripts. */
export function ApiTokensPage() {
  const tokens = useApiTokens();
  const createToken = useCreateApiToken();
  const revokeToken = useRevokeApiToken();
  const { confirmDelete } = useConfirm();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);

  const handleCreate = async ({ name }: { name: string }) => {
    const answer = await createToken.mutateAsync(name);
    setCreated(answer);
    toastDone(API_TOKEN_MESSAGES.created);
  };

  const handleRevoke = async (token: ApiToken) => {
    const confirmed = await confirmDelete({ title: `Revoke "${token.name}"`, content: API_TOKEN_MESSAGES.confirmRevoke, okText: DIALOG_LABELS.revoke });
    if (!confirmed) return;
    await revokeToken.mutateAsync(token.id);
    toastDone(API_TOKEN_MESSAGES.revoked);
  };

  const columns: TableColumnsType<ApiToken> = [
    { title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
    { title: 'Token', dataIndex: 'prefix', width: 160, render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text> },
    { title: 'Created', dataIndex: 'createdAt', width: 170, sorter: (a, b) => a.createdAt - b.createdAt, render: formatWhen },
    {
      title: 'Last used', dataIndex: 'lastUsedAt', width: 170,
      render: (lastUsedAt: number | null) => (lastUsedAt === null ? <Typography.Text type="secondary">Never</Typography.Text> : formatWhen(lastUsedAt)),
    },
    {
      title: 'Action', key: 'action', width: 120,
      render: (_, token) => (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void handleRevoke(token).catch(() => undefined)} data-testid={`revoke-${token.id}`}>
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="api-tokens-page">
      <PageHeader title="API tokens" breadcrumbs={[{ title: 'API tokens' }]} />
      <Typography.Paragraph type="secondary">
        A token lets a script call the LinkLoom API as you: send it as <Typography.Text code>Authorization: Bearer &lt;token&gt;</Typography.Text>.
        Make one per script, so each can be revoked on its own. The calls are described at <a href="/docs" target="_blank" rel="noopener noreferrer">/docs</a>.
      </Typography.Paragraph>
      {tokens.isError && <Alert type="error" showIcon title={API_TOKEN_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <DataTable<ApiToken>
        testId="api-tokens-table" urlState
        columns={columns}
        rows={tokens.data?.tokens}
        rowKey="id"
        loading={tokens.isLoading}
        emptyText={API_TOKEN_MESSAGES.empty}
        toolbar={{ left: <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="new-api-token">New token</Button> }}
      />
      <NameDialog
        open={adding}
        title="New token"
        schema={CreateApiTokenBodySchema}
        onSubmit={handleCreate}
        onClose={() => setAdding(false)}
        testId="new-token-dialog"
      />
      <TokenSecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
