import { useState, type ReactNode } from 'react';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { DEFAULT_RECHECK_SCHEDULE, daysToUnit, recheckUnitOf, unitToDays, type Options, type RecheckUnit } from '@linkloom/shared';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import type { z } from 'zod';

const UNIT_OPTIONS: { value: RecheckUnit; label: string }[] = [{ value: 'hours', label: 'hours' }, { value: 'days', label: 'days' }];

/** The numbers of a form value (anything else: none). */
function finiteDays(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((days): days is number => typeof days === 'number' && Number.isFinite(days)) : [];
}

/** A unit chooser beside a schedule field (the stored values stay days; only what is shown changes). */
function UnitSelect({ unit, onChange, testId }: { unit: RecheckUnit; onChange: (unit: RecheckUnit) => void; testId: string }) {
  return <Select<RecheckUnit> value={unit} onChange={onChange} options={UNIT_OPTIONS} style={{ width: 90 }} aria-label="Unit" data-testid={testId} />;
}

/**
 * The days after publishing, typed as tags (1, 7, 30) in the chosen unit; the form holds days (a
 * word typed stays NaN so the shared schema refuses it with its message).
 */
/** The days-after-publishing control's id: its label sits on the outer Form.Item, which has no name (issue 39.2). */
const AFTER_PUBLISH_ID = 'recheck-after-publish-days';

function AfterPublishInput({ id, value, onChange, unit }: { id?: string; value?: readonly number[]; onChange?: (days: number[]) => void; unit: RecheckUnit }) {
  const shown = (value ?? []).map((days) => (Number.isFinite(days) ? daysToUnit(days, unit) : days));
  const handleChange = (typed: readonly (string | number)[]) => {
    onChange?.(typed.map((item) => unitToDays(typeof item === 'number' ? item : Number(String(item).trim()), unit)));
  };
  return (
    <Select
      id={id} mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null} value={shown} onChange={handleChange}
      placeholder={DEFAULT_RECHECK_SCHEDULE.afterPublishDays.join(', ')} data-testid="option-recheckAfterPublishDays"
    />
  );
}

/** The period after the last of them, in the chosen unit; the form holds days. */
function ThenEveryInput({ id, value, onChange, unit, unitSelect }: {
  id?: string; value?: number | null; onChange?: (days: number | null) => void; unit: RecheckUnit; unitSelect: ReactNode;
}) {
  return (
    <InputNumber
      id={id} style={{ width: '100%' }} placeholder={String(DEFAULT_RECHECK_SCHEDULE.thenEveryDays)} addonAfter={unitSelect}
      value={typeof value === 'number' ? daysToUnit(value, unit) : value}
      onChange={(typed) => onChange?.(typeof typed === 'number' ? unitToDays(typed, unit) : null)}
      data-testid="option-recheckThenEveryDays"
    />
  );
}

/**
 * The re-check schedule of link health (options `recheckSchedule`, issues 18 and 36): the checks
 * after publishing (typed as tags: 1, 7, 30) and the period after the last of them, each in hours
 * or days. The unit is what the saved schedule reads best in (days when whole days) until the user
 * picks another; the schedule is stored in days either way (6 hours = 0.25). The rules are the
 * shared RecheckScheduleSchema's, through the tab's schema.
 */
export function RecheckScheduleFields({ schema }: { schema: z.ZodType<Partial<Options>> }) {
  const form = Form.useFormInstance();
  // The unit is the one the saved schedule reads best in, read once (the form holds the saved options
  // from its first render): typing 0.25 days does not turn the field into hours under the user's hands.
  const [after, setAfter] = useState<RecheckUnit>(() => recheckUnitOf(finiteDays(form.getFieldValue(['recheckSchedule', 'afterPublishDays']))));
  const [every, setEvery] = useState<RecheckUnit>(() => recheckUnitOf(finiteDays([form.getFieldValue(['recheckSchedule', 'thenEveryDays'])])));
  return (
    <Row gutter={24} data-testid="recheck-schedule">
      <Col xs={24} md={12} lg={8}>
        <Form.Item label="Re-check links after publishing" htmlFor={AFTER_PUBLISH_ID} required extra={`${after === 'days' ? 'Days' : 'Hours'} after a post is published; type a number and press Enter`}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item
              name={['recheckSchedule', 'afterPublishDays']} noStyle
              rules={[zodRule(schema, ['recheckSchedule', 'afterPublishDays'])]} validateTrigger={VALIDATE_ON}
            >
              <AfterPublishInput id={AFTER_PUBLISH_ID} unit={after} />
            </Form.Item>
            <UnitSelect unit={after} onChange={setAfter} testId="option-recheckAfterPublishUnit" />
          </div>
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={8}>
        <Form.Item
          name={['recheckSchedule', 'thenEveryDays']} label="Then re-check every"
          rules={[zodRule(schema, ['recheckSchedule', 'thenEveryDays'])]} validateTrigger={VALIDATE_ON}
        >
          <ThenEveryInput unit={every} unitSelect={<UnitSelect unit={every} onChange={setEvery} testId="option-recheckThenEveryUnit" />} />
        </Form.Item>
      </Col>
    </Row>
  );
}
