import { Alert, Col, Form, Input, InputNumber, Row } from 'antd';
import { tabSchemaFor } from '@linkloom/shared';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { INDEXER_NOTICE } from './indexer-tab';
import type { OptionsTabProps } from './options-tabs';

const FIELDS = ['linkLoomIndexerAccountDelay', 'linkLoomIndexerDailySubmissionPerAccount', 'maxIndexerThreads', 'additionalSitesToIndexedByLinkLoomIndexer'] as const;

/** LinkLoom Indexer: the pacing of IndexNow submissions (delay, daily limit, threads) and extra domains to submit for. */
export function LinkLoomIndexerTab({ data }: OptionsTabProps) {
  const schema = tabSchemaFor(data.privileged, FIELDS);
  return (
    <div data-testid="linkloom-indexer-tab">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={INDEXER_NOTICE} />
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item name="linkLoomIndexerAccountDelay" label="Delay between submissions (minutes)" rules={[zodRule(schema, 'linkLoomIndexerAccountDelay')]} validateTrigger={VALIDATE_ON}>
            <InputNumber style={{ width: '100%' }} placeholder="3" data-testid="option-linkLoomIndexerAccountDelay" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="linkLoomIndexerDailySubmissionPerAccount" label="Daily submissions" rules={[zodRule(schema, 'linkLoomIndexerDailySubmissionPerAccount')]} validateTrigger={VALIDATE_ON}>
            <InputNumber style={{ width: '100%' }} placeholder="25" data-testid="option-linkLoomIndexerDailySubmissionPerAccount" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="maxIndexerThreads" label="Indexer threads" rules={[zodRule(schema, 'maxIndexerThreads')]} validateTrigger={VALIDATE_ON}>
            <InputNumber style={{ width: '100%' }} placeholder="5" data-testid="option-maxIndexerThreads" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="additionalSitesToIndexedByLinkLoomIndexer" label="Extra domains (one per line)" rules={[zodRule(schema, 'additionalSitesToIndexedByLinkLoomIndexer')]} validateTrigger={VALIDATE_ON}>
        <Input.TextArea rows={5} placeholder={'example.com\nexample.org'} data-testid="option-additionalSites" />
      </Form.Item>
    </div>
  );
}
