import { useState } from 'react';
import { Alert, Button, Form, Input, Table, Tag } from 'antd';
import { INDEXING_SERVICES, OptionsSchema, type IndexerKeyCheck } from '@linkloom/shared';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { validateIndexerKey } from '../api/options-api';
import type { OptionsTabProps } from './options-tabs';

/** The spec's notice of both indexer tabs. */
export const INDEXER_NOTICE = "LinkLoom's own indexer has stopped working because the search provider no longer accepts link submissions; a new free indexer is being prepared.";

const keysRule = zodRule(OptionsSchema.pick({ indexer: true }), 'indexer');
const STATUS_COLOURS = { valid: 'green', invalid: 'red', unsupported: 'default', error: 'orange' } as const;

/**
 * Indexer: one API key per indexing service (the first recommended), saved with the options and
 * sealed on the server; Validate asks the service's own key check where it publishes one.
 */
export function IndexerTab({ form }: OptionsTabProps) {
  const [checks, setChecks] = useState<Readonly<Record<string, IndexerKeyCheck | 'validating'>>>({});

  const handleValidate = async (service: string) => {
    setChecks((previous) => ({ ...previous, [service]: 'validating' }));
    const key = String(form.getFieldValue(['indexer', service]) ?? '');
    try {
      const check = await validateIndexerKey(service, key);
      setChecks((previous) => ({ ...previous, [service]: check }));
    } catch {
      setChecks((previous) => ({ ...previous, [service]: { status: 'error', message: 'The key could not be checked' } }));
    }
  };

  return (
    <div data-testid="indexer-tab">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={INDEXER_NOTICE} data-testid="indexer-notice" />
      <Table
        size="small" pagination={false} rowKey={([key]) => key}
        dataSource={INDEXING_SERVICES.map((entry) => [...entry] as [string, string])}
        columns={[
          { key: 'service', title: 'Service', render: (_, [, label]) => label },
          {
            key: 'apiKey', title: 'API Key',
            render: (_, [key, label]) => (
              <Form.Item name={['indexer', key]} rules={[keysRule]} validateTrigger={VALIDATE_ON} style={{ margin: 0 }}>
                <Input.Password aria-label={`${label} API key`} placeholder={key === 'IndexNow' ? 'No key needed' : 'API key'} data-testid={`indexer-key-${key}`} />
              </Form.Item>
            ),
          },
          {
            key: 'action', title: 'Action',
            render: (_, [key]) => (
              <Button size="small" loading={checks[key] === 'validating'} onClick={() => void handleValidate(key)} data-testid={`indexer-validate-${key}`}>
                Validate
              </Button>
            ),
          },
          {
            key: 'status', title: 'Status',
            render: (_, [key]) => {
              const check = checks[key];
              if (check === undefined || check === 'validating') return null;
              return <Tag color={STATUS_COLOURS[check.status]} data-testid={`indexer-status-${key}`}>{check.message}</Tag>;
            },
          },
        ]}
      />
    </div>
  );
}
