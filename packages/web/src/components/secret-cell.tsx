import { useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';

/** Dots in place of a secret: as many as a password box shows, whatever its length. */
export const SECRET_MASK = '••••••••';

/**
 * A password in a grid (issue 39 item 5): masked, shown on demand by its own button (a click or
 * Enter / Space), hidden again the same way, and copyable once shown. `label` names what the
 * secret belongs to for screen readers ("Show the password of ann@example.com").
 */
export function SecretCell({ value, label }: { value: string; label: string }) {
  const [shown, setShown] = useState(false);
  if (value === '') return null;
  const action = shown ? `Hide the password of ${label}` : `Show the password of ${label}`;
  return (
    <Space size={4} style={{ maxWidth: '100%' }}>
      <Tooltip title={shown ? 'Hide' : 'Show'}>
        <Button
          type="text" size="small" aria-label={action} aria-pressed={shown} data-testid="secret-toggle"
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => setShown((now) => !now)}
        />
      </Tooltip>
      {shown
        ? <Typography.Text copyable={{ text: value }} ellipsis={{ tooltip: value }} data-testid="secret-value">{value}</Typography.Text>
        : <Typography.Text type="secondary" aria-label="hidden" data-testid="secret-masked">{SECRET_MASK}</Typography.Text>}
    </Space>
  );
}
