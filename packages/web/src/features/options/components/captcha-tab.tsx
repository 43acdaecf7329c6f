import { useMemo, useState } from 'react';
import { Alert, App, Card, Checkbox, Col, Form, Input, Row, Select, Typography } from 'antd';
import {
  CAPTCHA_FIELD_LABELS, CAPTCHA_MESSAGES, DISABLED_REASONS, CAPTCHA_PROVIDER_FIELDS, CAPTCHA_SELECTABLE, CAPTCHA_TAB_FIELDS, GOOGLE_CAPTCHA_SELECTABLE,
  GOOGLE_CAPTCHA_TAB_FIELDS, RECOMMENDED_CAPTCHA, selectableCaptchaProviders, tabSchemaFor, type CaptchaProvider, type Options,
} from '@linkloom/shared';
import { ExplainedButton } from '@/components/disabled-reason';
import { remoteOcrHidden } from '@/lib/app-meta';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { checkCaptchaBalance } from '../api/options-api';
import type { OptionsTabProps } from './options-tabs';

/** The names one of the two captcha tabs uses in the options object. */
interface CaptchaNames {
  testId: string;
  enable: 'autoSolveCaptcha' | 'useGoogleNoCaptcha';
  enableLabel: string;
  primary: 'primaryCaptchaService' | 'googleNoCaptchaService';
  primaryGroups: 'captchaPrimary' | 'googleCaptchaPrimary';
  useBackup: 'useSecondaryCaptchaService' | 'useSecondaryGoogleNoCaptcha';
  backup: 'secondaryCaptchaService' | 'secondaryGoogleNoCaptchaService';
  backupGroups: 'captchaSecondary' | 'googleCaptchaSecondary';
  providers: readonly CaptchaProvider[];
  fields: readonly (keyof Options)[];
}

const IMAGE: CaptchaNames = {
  testId: 'captcha', enable: 'autoSolveCaptcha', enableLabel: 'Auto solve captcha', primary: 'primaryCaptchaService', primaryGroups: 'captchaPrimary',
  useBackup: 'useSecondaryCaptchaService', backup: 'secondaryCaptchaService', backupGroups: 'captchaSecondary', providers: CAPTCHA_SELECTABLE, fields: CAPTCHA_TAB_FIELDS,
};
const GOOGLE: CaptchaNames = {
  testId: 'google-captcha', enable: 'useGoogleNoCaptcha', enableLabel: 'Use Google no-captcha solving', primary: 'googleNoCaptchaService', primaryGroups: 'googleCaptchaPrimary',
  useBackup: 'useSecondaryGoogleNoCaptcha', backup: 'secondaryGoogleNoCaptchaService', backupGroups: 'googleCaptchaSecondary', providers: GOOGLE_CAPTCHA_SELECTABLE, fields: GOOGLE_CAPTCHA_TAB_FIELDS,
};

const USE_BACKUP_LABEL = 'Use a backup service';

const LABELS: Partial<Record<CaptchaProvider, string>> = { ZeroCaptcha: 'ZeroCaptcha (recommended)' };

/** One column: the provider select, the chosen provider's credential group, its balance button. */
function CaptchaColumn(props: {
  title: string; testId: string;
  /** Why the column is off (a box above is unticked); null while it is on. */
  offReason: string | null; select: CaptchaNames['primary'] | CaptchaNames['backup'];
  groups: CaptchaNames['primaryGroups'] | CaptchaNames['backupGroups']; providers: readonly CaptchaProvider[];
  schema: ReturnType<typeof tabSchemaFor>; dependencies: string[]; children?: React.ReactNode;
}) {
  const form = Form.useFormInstance<Record<string, unknown>>();
  const { message } = App.useApp();
  const chosen = Form.useWatch(props.select, form) as CaptchaProvider | undefined;
  const [checking, setChecking] = useState(false);
  const enabled = props.offReason === null;

  const handleBalance = async () => {
    if (!chosen) return;
    setChecking(true);
    try {
      const group = (form.getFieldValue([props.groups, chosen]) ?? {}) as Record<string, string>;
      const answer = await checkCaptchaBalance({ provider: chosen, loginInfo: JSON.stringify(group) });
      if (answer.error) void message.error({ content: `Error: ${answer.error.message}`, duration: 5 });
      else if (answer.balance === undefined) void message.error({ content: CAPTCHA_MESSAGES.unknownError, duration: 3 });
      else void message.info({ content: `${chosen} balance: ${answer.balance}`, duration: 5 });
    } catch {
      void message.error({ content: CAPTCHA_MESSAGES.unknownError, duration: 3 });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card
      title={props.title} size="small" data-testid={props.testId}
      extra={props.offReason && <Typography.Text type="secondary" data-testid={`${props.testId}-off-reason`}>{props.offReason}</Typography.Text>}
    >
      {props.children}
      <Form.Item name={props.select} label="Service">
        <Select
          disabled={!enabled} data-testid={`${props.testId}-service`}
          options={selectableCaptchaProviders(props.providers, remoteOcrHidden(), chosen).map((provider) => ({ value: provider, label: LABELS[provider] ?? provider }))}
        />
      </Form.Item>
      {chosen && CAPTCHA_PROVIDER_FIELDS[chosen].map((field) => (
        <Form.Item
          key={`${chosen}-${field}`} name={[props.groups, chosen, field]} label={CAPTCHA_FIELD_LABELS[field]}
          rules={[zodRule(props.schema, [props.groups, chosen, field])]} validateTrigger={VALIDATE_ON} dependencies={props.dependencies}
        >
          {field === 'password' ? <Input.Password disabled={!enabled} data-testid={`${props.testId}-${field}`} />
            : <Input disabled={!enabled} data-testid={`${props.testId}-${field}`} />}
        </Form.Item>
      ))}
      <ExplainedButton
        onClick={() => void handleBalance()} loading={checking} data-testid={`${props.testId}-balance`}
        disabledReason={props.offReason ?? (chosen ? null : DISABLED_REASONS.chooseServiceFirst)}
      >
        Check balance
      </ExplainedButton>
    </Card>
  );
}

function CaptchaSettings({ names, privileged }: { names: CaptchaNames; privileged: boolean }) {
  const form = Form.useFormInstance<Options>();
  const schema = useMemo(() => tabSchemaFor(privileged, names.fields), [privileged, names.fields]);
  const enabled = Form.useWatch(names.enable, form) === true;
  const backupOn = Form.useWatch(names.useBackup, form) === true;
  const enabledWhy = enabled ? null : DISABLED_REASONS.tickFirst(names.enableLabel);
  return (
    <div data-testid={`${names.testId}-tab`}>
      <Alert
        type="success" showIcon style={{ marginBottom: 16 }} data-testid={`${names.testId}-banner`}
        title={<>{RECOMMENDED_CAPTCHA} is cheaper and more accurate than the other services. <a href="https://zerocaptcha.com" target="_blank" rel="noreferrer">Read more</a></>}
      />
      <Form.Item name={names.enable} valuePropName="checked">
        <Checkbox data-testid={`${names.testId}-enable`}>{names.enableLabel}</Checkbox>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <CaptchaColumn
            title="Primary" testId={`${names.testId}-primary`} offReason={enabledWhy} select={names.primary} groups={names.primaryGroups}
            providers={names.providers} schema={schema} dependencies={[names.enable, names.primary]}
          />
        </Col>
        <Col xs={24} md={12}>
          <CaptchaColumn
            title="Backup" testId={`${names.testId}-backup`} offReason={enabledWhy ?? (backupOn ? null : DISABLED_REASONS.tickFirst(USE_BACKUP_LABEL))} select={names.backup} groups={names.backupGroups}
            providers={names.providers} schema={schema} dependencies={[names.enable, names.useBackup, names.backup]}
          >
            <Form.Item name={names.useBackup} valuePropName="checked">
              <Checkbox disabled={!enabled} data-testid={`${names.testId}-use-backup`}>{USE_BACKUP_LABEL}</Checkbox>
            </Form.Item>
          </CaptchaColumn>
        </Col>
      </Row>
    </div>
  );
}

/** Captcha: image captcha solving, Primary and Backup. */
export function CaptchaTab({ data }: OptionsTabProps) {
  return <CaptchaSettings names={IMAGE} privileged={data.privileged} />;
}

/** Google Captcha: the same layout for Google no-captcha solving. */
export function GoogleCaptchaTab({ data }: OptionsTabProps) {
  return <CaptchaSettings names={GOOGLE} privileged={data.privileged} />;
}
