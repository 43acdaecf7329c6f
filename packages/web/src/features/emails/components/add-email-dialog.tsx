import { useRef } from 'react';
import { Checkbox, Form, Input, InputNumber, Modal, Select, Space, type InputRef } from 'antd';
import {
  DISABLED_REASONS, EMAIL_DEFAULTS, EMAIL_PROTOCOLS, UserEmailBodySchema, emailSettingsOf, type EmailSettings, type UserEmailBody,
} from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { ExplainedButton } from '@/components/disabled-reason';
import { focusFieldOnOpen } from '@/components/dialog-focus';

type EmailValues = Omit<UserEmailBody, 'port'> & { port: number | null };

/** The usual port of each protocol with and without implicit TLS. */
const STANDARD_PORTS = { pop3: { ssl: 995, plain: 110 }, imap: { ssl: 993, plain: 143 } } as const;
const KNOWN_PORTS: readonly number[] = [995, 110, 993, 143];

const INITIAL: Partial<EmailValues> = {
  port: EMAIL_DEFAULTS.emailServerPort, protocol: EMAIL_DEFAULTS.mailProtocol, ssl: EMAIL_DEFAULTS.SSL,
  startTls: false, allowSelfSigned: false, checkSpamFolder: false, spamFolderName: '',
};

export interface AddEmailDialogProps {
  open: boolean;
  onSave: (body: UserEmailBody) => Promise<void>;
  onTest: (settings: EmailSettings) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Add Email (spec 2 §2, §5): address, login, password, server, port (995), protocol (POP3 or
 * IMAP), SSL (on), STARTTLS when SSL is off, Allow self-signed certificate, and for IMAP Check
 * Spam Folder (off) with the folder's name. Save, Cancel, and Test, which really logs in with
 * what the form holds. A standard port follows the protocol and SSL; a port the user typed stays.
 * The rules are the shared schema's, so the dialog says what the server would.
 */
export function AddEmailDialog({ open, onSave, onTest, onClose }: AddEmailDialogProps) {
  const [form] = Form.useForm<EmailValues>();
  const firstField = useRef<InputRef>(null);
  const saving = useSubmitState();
  const testing = useSubmitState();
  const protocol = Form.useWatch('protocol', form);
  const ssl = Form.useWatch('ssl', form);
  const checkSpamFolder = Form.useWatch('checkSpamFolder', form);

  const handleValuesChange = (changed: Partial<EmailValues>, values: EmailValues) => {
    if (!('protocol' in changed) && !('ssl' in changed)) return;
    if (values.port !== null && !KNOWN_PORTS.includes(values.port)) return;
    const ports = STANDARD_PORTS[values.protocol === 'imap' ? 'imap' : 'pop3'];
    form.setFieldValue('port', values.ssl ? ports.ssl : ports.plain);
  };

  const bodyOf = (values: EmailValues): UserEmailBody => UserEmailBodySchema.parse(values);

  const handleFinish = async (values: EmailValues) => {
    const outcome = await saving.run(() => onSave(bodyOf(values)));
    if (!outcome.failed) onClose();
  };

  const handleTest = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = bodyOf(values);
    await testing.run(() => onTest(emailSettingsOf({ ...body, address: body.address })));
  };

  const busy = saving.submitting || testing.submitting;
  return (
    <Modal
      open={open}
      title="Add Email"
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      afterOpenChange={(visible) => visible && focusFieldOnOpen(firstField.current?.input)}
      footer={(
        <Space>
          <ExplainedButton
            onClick={() => void handleTest()} loading={testing.submitting} disabledReason={saving.submitting ? DISABLED_REASONS.waitFor('Save') : null} data-testid="add-email-test"
          >
            Test
          </ExplainedButton>
          <ExplainedButton onClick={onClose} disabledReason={busy ? DISABLED_REASONS.waitFor(saving.submitting ? 'Save' : 'Test') : null} data-testid="add-email-cancel">
            {DIALOG_LABELS.cancel}
          </ExplainedButton>
          <ExplainedButton
            type="primary" htmlType="submit" form="add-email-form" loading={saving.submitting}
            disabledReason={testing.submitting ? DISABLED_REASONS.waitFor('Test') : null} data-testid="add-email-save"
          >
            Save
          </ExplainedButton>
        </Space>
      )}
    >
      <Form<EmailValues>
        id="add-email-form" validateTrigger={VALIDATE_ON} form={form} layout="vertical" onFinish={handleFinish}
        onValuesChange={handleValuesChange} initialValues={INITIAL} clearOnDestroy data-testid="add-email-dialog"
      >
        <Form.Item name="address" label="Email Address" rules={[zodRule(UserEmailBodySchema, 'address')]}>
          <Input ref={firstField} autoComplete="off" placeholder="name@example.com" data-testid="add-email-address" />
        </Form.Item>
        <Form.Item name="login" label="Email Login" rules={[zodRule(UserEmailBodySchema, 'login')]}>
          <Input autoComplete="off" data-testid="add-email-login" />
        </Form.Item>
        <Form.Item name="password" label="Email Password" rules={[zodRule(UserEmailBodySchema, 'password')]}>
          <Input.Password autoComplete="new-password" data-testid="add-email-password" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="server" label="Email Server" rules={[zodRule(UserEmailBodySchema, 'server')]} style={{ flex: 1 }}>
            <Input autoComplete="off" placeholder="mail.example.com" data-testid="add-email-server" />
          </Form.Item>
          <Form.Item name="port" label="Port" rules={[zodRule(UserEmailBodySchema, 'port')]} style={{ width: 110 }}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} data-testid="add-email-port" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="protocol" label="Protocol" rules={[zodRule(UserEmailBodySchema, 'protocol')]}>
          <Select options={EMAIL_PROTOCOLS.map(([value, label]) => ({ value, label }))} style={{ width: 140 }} data-testid="add-email-protocol" />
        </Form.Item>
        <Space wrap size={16}>
          <Form.Item name="ssl" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox data-testid="add-email-ssl">SSL</Checkbox>
          </Form.Item>
          {!ssl && (
            <Form.Item name="startTls" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox data-testid="add-email-starttls">STARTTLS</Checkbox>
            </Form.Item>
          )}
          <Form.Item name="allowSelfSigned" valuePropName="checked" style={{ marginBottom: 8 }} tooltip="Accept a certificate no trusted authority signed (your own test server); otherwise such a server is refused">
            <Checkbox data-testid="add-email-self-signed">Allow self-signed certificate</Checkbox>
          </Form.Item>
        </Space>
        {protocol === 'imap' && (
          <Space wrap size={16} align="start">
            <Form.Item name="checkSpamFolder" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox data-testid="add-email-check-spam">Check Spam Folder</Checkbox>
            </Form.Item>
            {checkSpamFolder && (
              <Form.Item name="spamFolderName" rules={[zodRule(UserEmailBodySchema, 'spamFolderName')]} style={{ marginBottom: 0 }}>
                <Input aria-label="Spam folder name" placeholder="Spam folder name" data-testid="add-email-spam-folder" />
              </Form.Item>
            )}
          </Space>
        )}
      </Form>
    </Modal>
  );
}
