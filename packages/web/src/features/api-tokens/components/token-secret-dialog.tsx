import { App, Alert, Button, Flex, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { API_TOKEN_MESSAGES, type CreateApiTokenResponse } from '@linkloom/shared';
import { DIALOG_LABELS } from '@/components/dialog-labels';

/** Props of {@link TokenSecretDialog}. */
export interface TokenSecretDialogProps {
  /** The token just made, with its secret; null when the dialog is closed. */
  created: CreateApiTokenResponse | null;
  onClose: () => void;
}

/**
 * Shows a new token's secret, the one time it exists outside the script that will use it: the
 * secret, a Copy button, and the warning that it will not be shown again. Closing forgets it.
 */
export function TokenSecretDialog({ created, onClose }: TokenSecretDialogProps) {
  const { message } = App.useApp();
  const handleCopy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      message.success(API_TOKEN_MESSAGES.copied);
    } catch {
      message.warning(API_TOKEN_MESSAGES.copyFailed);
    }
  };
  return (
    <Modal
      open={created !== null}
      title={`Token "${created?.token.name ?? ''}" created`}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button type="primary" onClick={onClose} data-testid="token-secret-done">{DIALOG_LABELS.done}</Button>}
    >
      <div data-testid="token-secret-dialog">
        <Alert type="warning" showIcon title={API_TOKEN_MESSAGES.shownOnce} style={{ marginBottom: 16 }} />
        <Flex gap={8} align="center">
          <Typography.Text code style={{ wordBreak: 'break-all', flex: 1 }} data-testid="token-secret">
            {created?.secret}
          </Typography.Text>
          <Button icon={<CopyOutlined />} onClick={() => void handleCopy()} data-testid="token-secret-copy">Copy</Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          Send it as <Typography.Text code>Authorization: Bearer &lt;token&gt;</Typography.Text> on every call (see /docs).
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
