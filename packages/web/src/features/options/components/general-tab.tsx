import { useMemo } from 'react';
import { Checkbox, Col, Form, InputNumber, Row } from 'antd';
import { GENERAL_TAB_FIELDS, OPTION_DEFAULTS, tabSchemaFor, type Options } from '@linkloom/shared';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import type { OptionsTabProps } from './options-tabs';
import { RecheckScheduleFields } from './recheck-schedule-fields';

type NumberField = Extract<keyof Options, 'maxNumberOfRetries' | 'maxAccountsToRetry' | 'timeToWaitBeforeRetry' | 'maxConcurrentProjects' | 'maxPostingThreads' | 'maxBrowserThreads' | 'waitTimeOut' | 'daysToDeleteMails' | 'waitForVerifyEmailSchedule'>;

/** The General tab's number fields: label, unit; the placeholder is the spec's suggested value (section 9). */
const NUMBER_FIELDS: readonly { name: NumberField; label: string; unit?: string }[] = [
  { name: 'maxNumberOfRetries', label: 'Max number of retries' },
  { name: 'maxAccountsToRetry', label: 'Max accounts to retry' },
  { name: 'timeToWaitBeforeRetry', label: 'Time to wait before retry', unit: 'seconds' },
  { name: 'maxConcurrentProjects', label: 'Max concurrent projects' },
  { name: 'maxPostingThreads', label: 'Max posting threads' },
  { name: 'maxBrowserThreads', label: 'Max browser threads' },
  { name: 'waitTimeOut', label: 'Wait timeout', unit: 'seconds' },
  { name: 'daysToDeleteMails', label: 'Days to delete mails', unit: 'days' },
  { name: 'waitForVerifyEmailSchedule', label: 'Wait for verify email schedule', unit: 'minutes' },
];

const FLAGS: readonly { name: 'automaticSignIn' | 'automaticBackup' | 'useProxyForPosting'; label: string }[] = [
  { name: 'automaticSignIn', label: 'Automatic sign in' },
  { name: 'automaticBackup', label: 'Automatic backup' },
  { name: 'useProxyForPosting', label: 'Use proxy for posting' },
];

/** General: retries, concurrency, timeouts, mail clean-up and scheduling, the links' re-check schedule, three switches; the limits follow the account (privileged: 100/150/40). */
export function GeneralTab({ data }: OptionsTabProps) {
  const schema = useMemo(() => tabSchemaFor(data.privileged, GENERAL_TAB_FIELDS), [data.privileged]);
  return (
    <div data-testid="general-tab">
      <Row gutter={24}>
        {NUMBER_FIELDS.map((field) => (
          <Col key={field.name} xs={24} md={12} lg={8}>
            <Form.Item name={field.name} label={field.label} rules={[zodRule(schema, field.name)]} validateTrigger={VALIDATE_ON}>
              <InputNumber
                style={{ width: '100%' }} placeholder={String(OPTION_DEFAULTS[field.name])} addonAfter={field.unit}
                data-testid={`option-${field.name}`}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <RecheckScheduleFields schema={schema} />
      {FLAGS.map((flag) => (
        <Form.Item key={flag.name} name={flag.name} valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox data-testid={`option-${flag.name}`}>{flag.label}</Checkbox>
        </Form.Item>
      ))}
    </div>
  );
}
