import { useState } from 'react';
import { Col, DatePicker, Form, InputNumber, Radio, Row, TimePicker } from 'antd';
import { defaultWizardStartDate } from '@linkloom/shared';
import type { Dayjs } from 'dayjs';
import { useWizardEditor } from '../editor-context';
import { TabForm, WizardField } from '../wizard-field';
import { patchWizard } from '../wizard-updates';
import { DATE_FORMAT, TIME_FORMAT, pickersOf, startDateOf } from '../schedule-date';

/**
 * Schedule tab (spec 2 §2): when tier 1 starts — "Start now" (issue 35, a new wizard's default: when
 * Create Campaign is pressed) or a start date and time — and the number of days to run.
 */
export function ScheduleTab() {
  const { wizard, update } = useWizardEditor();
  const picked = pickersOf(wizard.startDate);
  // A time picked before any day waits here until a day comes.
  const [waitingTime, setWaitingTime] = useState<Dayjs | null>(null);
  const day = picked.day;
  const time = picked.time ?? (day === null || wizard.startDate === day.format(DATE_FORMAT) ? waitingTime : null);
  const handleStart = (startNow: boolean) => update((w) => ({
    ...w, startNow,
    // A date to start from when leaving Start now: the spec's default, now plus 30 minutes.
    startDate: startNow ? w.startDate : w.startDate ?? defaultWizardStartDate(),
  }));
  return (
    <TabForm>
      <Form.Item label="Start">
        <Radio.Group
          aria-label="Start"
          value={wizard.startNow} data-testid="schedule-start-mode" onChange={(event) => handleStart(event.target.value as boolean)}
          options={[
            { value: true, label: <span data-testid="schedule-start-now">Start now</span> },
            { value: false, label: <span data-testid="schedule-start-at">At a date and time</span> },
          ]}
        />
      </Form.Item>
      <Row gutter={16}>
        {!wizard.startNow && (<>
        <Col xs={24} md={8}>
          <WizardField path="startDate" label="Start date" required>
            <DatePicker
              value={day} format={DATE_FORMAT} style={{ width: '100%' }} data-testid="schedule-start-date"
              onChange={(next: Dayjs | null) => update(patchWizard({ startDate: startDateOf(next, time) }))}
            />
          </WizardField>
        </Col>
        <Col xs={24} md={8}>
          <WizardField path="startTime" label="Start time" required>
            <TimePicker
              value={time} format={TIME_FORMAT} needConfirm={false} style={{ width: '100%' }} data-testid="schedule-start-time"
              onChange={(next: Dayjs | null) => {
                setWaitingTime(next);
                update(patchWizard({ startDate: startDateOf(day, next) }));
              }}
            />
          </WizardField>
        </Col>
        </>)}
        <Col xs={24} md={8}>
          <WizardField path="nDay" label="Duration (days)" required>
            <InputNumber<number> value={wizard.nDay} style={{ width: '100%' }} data-testid="schedule-nday" onChange={(v) => update(patchWizard({ nDay: v }))} />
          </WizardField>
        </Col>
      </Row>
    </TabForm>
  );
}
