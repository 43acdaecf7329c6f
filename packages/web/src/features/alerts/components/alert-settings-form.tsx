import { useEffect, useRef, useState } from 'react';
import { Alert as Notice, Button, Flex, Form, Input, Skeleton, Switch, Typography } from 'antd';
import { AlertSettingsBodySchema, formatLocalDate, type AlertSettingsBody, type TestAlertWebhookResult } from '@linkloom/shared';
import { toastFailure } from '@/lib/action-feedback';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { useAlertSettings, useSaveAlertSettings, useTestAlertWebhook } from '../api/alerts-api';

/**
 * The alert settings: the webhook address (with Send a test), email to the account's own address
 * (or why it cannot be sent), the daily digest. The webhook's latest outcome is shown under it.
 */
export function AlertSettingsForm() {
  const settings = useAlertSettings();
  const save = useSaveAlertSettings();
  const test = useTestAlertWebhook();
  const [form] = Form.useForm<AlertSettingsBody>();
  const [tested, setTested] = useState<TestAlertWebhookResult | null>(null);
  const data = settings.data;

  // The form starts from the saved settings once; a later read (after a test updated the latest
  // outcome) must not overwrite what the user is typing.
  const filled = useRef(false);
  useEffect(() => {
    if (!data || filled.current) return;
    filled.current = true;
    form.setFieldsValue({ webhookUrl: data.webhookUrl, emailEnabled: data.emailEnabled, digestEnabled: data.digestEnabled });
  }, [data, form]);

  if (!data) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;

  const handleTest = async () => {
    setTested(null);
    try {
      const webhookUrl = (await form.validateFields(['webhookUrl'])).webhookUrl;
      setTested(await test.mutateAsync(webhookUrl));
    } catch (error) {
      if (!(error && typeof error === 'object' && 'errorFields' in error)) toastFailure('Could not send the test', error);
    }
  };
  const handleSave = (values: AlertSettingsBody) => {
    save.mutate(AlertSettingsBodySchema.parse(values), { onError: (error) => toastFailure('Could not save the alert settings', error) });
  };

  return (
    <Form form={form} layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleSave} data-testid="alert-settings"
      initialValues={{ webhookUrl: data.webhookUrl, emailEnabled: data.emailEnabled, digestEnabled: data.digestEnabled }}>
      <Form.Item
        name="webhookUrl" label="Webhook address" rules={[zodRule(AlertSettingsBodySchema, 'webhookUrl')]}
        extra="Each alert is POSTed there as JSON. Leave it empty for none. It is stored encrypted (it may carry a token)."
      >
        <Input placeholder="https://hooks.example.com/linkloom" autoComplete="off" data-testid="alert-settings-webhook" />
      </Form.Item>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => void handleTest()} loading={test.isPending} data-testid="alert-settings-test">Send a test</Button>
        {tested && <Notice type={tested.ok ? 'success' : 'error'} showIcon title={tested.message} data-testid="alert-settings-test-result" style={{ flex: 1 }} />}
      </Flex>
      {data.lastWebhook && (
        <Typography.Paragraph type="secondary" data-testid="alert-settings-last-webhook">
          Latest webhook delivery, {formatLocalDate(new Date(data.lastWebhook.at))}: {data.lastWebhook.info}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="emailEnabled" label="Email alerts" valuePropName="checked"
        extra={data.emailProblem ?? `Sent to ${data.emailAddress ?? ''}, your account's own address.`}
      >
        <Switch data-testid="alert-settings-email" />
      </Form.Item>
      <Form.Item name="digestEnabled" label="Daily digest" valuePropName="checked" extra="Each day's alerts gathered per campaign: in the bell, and by email when email alerts are on.">
        <Switch data-testid="alert-settings-digest" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="alert-settings-save">Save</Button>
    </Form>
  );
}
