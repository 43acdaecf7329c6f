import { Col, Form, InputNumber, Row, Select } from 'antd';
import { DEFAULT_RECHECK_SCHEDULE, type Options } from '@linkloom/shared';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import type { z } from 'zod';

/** Tags typed into the days box, as numbers (a word stays NaN so the shared schema refuses it with its message). */
function toDays(values: readonly (string | number)[] | undefined): number[] {
  return (values ?? []).map((value) => (typeof value === 'number' ? value : Number(String(value).trim())));
}

/**
 * The re-check schedule of link health (options `recheckSchedule`, issue 18): the days after
 * publishing of the first checks (typed as tags: 1, 7, 30) and the period after the last of them.
 * The rules are the shared RecheckScheduleSchema's, through the tab's schema.
 */
export function RecheckScheduleFields({ schema }: { schema: z.ZodType<Partial<Options>> }) {
  return (
    <Row gutter={24} data-testid="recheck-schedule">
      <Col xs={24} md={12} lg={8}>
        <Form.Item
          name={['recheckSchedule', 'afterPublishDays']} label="Re-check links after publishing" normalize={toDays}
          rules={[zodRule(schema, ['recheckSchedule', 'afterPublishDays'])]} validateTrigger={VALIDATE_ON}
          extra="Days after a post is published; type a number and press Enter"
        >
          <Select
            mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null}
            placeholder={DEFAULT_RECHECK_SCHEDULE.afterPublishDays.join(', ')} data-testid="option-recheckAfterPublishDays"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={8}>
        <Form.Item
          name={['recheckSchedule', 'thenEveryDays']} label="Then re-check every"
          rules={[zodRule(schema, ['recheckSchedule', 'thenEveryDays'])]} validateTrigger={VALIDATE_ON}
        >
          <InputNumber style={{ width: '100%' }} placeholder={String(DEFAULT_RECHECK_SCHEDULE.thenEveryDays)} addonAfter="days" data-testid="option-recheckThenEveryDays" />
        </Form.Item>
      </Col>
    </Row>
  );
}
