import { Alert, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import { DISABLED_REASONS, EMAIL_PROTOCOLS, EMAIL_SOURCES, MAILBOX_FAILURES, type EmailSettings, type EmailSource } from '@linkloom/shared';
import { MailboxActions, type MailboxFields } from '@/components/mailbox-actions/mailbox-actions';
import { emailRule } from '../../lib/project-rules';
import { pairOptions } from './field-options';

/** What happens with each source that needs no settings. */
const SOURCE_NOTES: Record<Exclude<EmailSource, 'MANUAL'>, string> = {
  LINKLOOM: 'LinkLoom gives every new account an address of its own mail service and reads the verification emails there for you.',
  LIST: 'Every new account takes the next address of your email list (Emails screen); LinkLoom signs in to that mailbox to read the verification emails.',
};

/** The email manager's words for the self-signed choice (Add Email dialog). */
const SELF_SIGNED_TIP = 'Accept a certificate no trusted authority signed (your own test server); otherwise such a server is refused';

/** A field of the verification mailbox settings, as a form name. */
function info(field: string): [string, string] {
  return ['verificationInfo', field];
}

/**
 * Email tab of an account creation project (spec 1 §3, spec 2 §9): where the verification emails
 * of the new accounts arrive. Only a Manual source asks for the mailbox settings (and only then
 * are they checked); IMAP adds the spam folder options. As in the email manager, SSL off offers
 * STARTTLS, and a self-signed certificate is accepted only when the user allows it. Download Mail,
 * Download From Email List and Test Email (spec 1 §7) fill and try the mailbox, as in the X-Wizard.
 */
export function EmailTab(props: { editing: boolean }) {
  const { editing } = props;
  const form = Form.useFormInstance();
  const source = Form.useWatch<EmailSource | undefined>('emailSource', form);
  const protocol = Form.useWatch<string | null | undefined>(info('mailProtocol'), form);
  const checkSpam = Form.useWatch<boolean | undefined>(info('checkSpamFolder'), form) === true;
  const ssl = Form.useWatch<boolean | undefined>(info('SSL'), form) !== false;
  // The verifier's status is not a field of the form: watch it in the store.
  const status = Form.useWatch<string | null | undefined>(info('status'), { form, preserve: true });
  const disabled = !editing;
  const rules = (field: string) => [emailRule(`verificationInfo.${field}`)];
  const sourceDependency = ['emailSource'];
  const mailbox = (): MailboxFields => (form.getFieldValue('verificationInfo') as MailboxFields | undefined) ?? {};
  const fill = (settings: EmailSettings) => form.setFieldsValue({ verificationInfo: { ...mailbox(), ...settings } });

  return (
    <>
      {status ? (
        <Form.Item label="Verification status">
          <Typography.Text data-testid="email-verification-status">{status}</Typography.Text>
        </Form.Item>
      ) : null}
      <Form.Item name="emailSource" label="Email source">
        <Radio.Group aria-label="Email source" options={pairOptions(EMAIL_SOURCES)} disabled={disabled} />
      </Form.Item>

      {source === 'MANUAL' ? (
        <>
          <MailboxActions failures={MAILBOX_FAILURES.project} onFill={fill} current={mailbox} disabledReason={disabled ? DISABLED_REASONS.pressEdit : null} />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name={info('emailServer')} label="Server address" rules={rules('emailServer')} dependencies={sourceDependency} required>
                <Input disabled={disabled} placeholder="e.g. imap.example.com" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name={info('emailServerPort')} label="Port" rules={rules('emailServerPort')} dependencies={sourceDependency} required>
                <InputNumber disabled={disabled} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name={info('mailProtocol')} label="Protocol" rules={rules('mailProtocol')} dependencies={sourceDependency} required>
                <Select options={pairOptions(EMAIL_PROTOCOLS)} disabled={disabled} placeholder="Select protocol" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={info('emailAddress')} label="Verification email" rules={rules('emailAddress')} dependencies={sourceDependency} required
                extra="The address the sites send their verification emails to."
              >
                <Input disabled={disabled} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={info('emailLogin')} label="Email login" rules={rules('emailLogin')} dependencies={sourceDependency} required>
                <Input disabled={disabled} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={info('emailPassword')} label="Email password" rules={rules('emailPassword')} dependencies={sourceDependency} required>
                <Input.Password disabled={disabled} autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={info('SSL')} label="SSL" valuePropName="checked">
                <Switch disabled={disabled} data-testid="email-ssl" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {!ssl && (
                <Form.Item name={info('startTls')} valuePropName="checked" style={{ marginBottom: 8 }}>
                  <Checkbox disabled={disabled} data-testid="email-starttls">STARTTLS</Checkbox>
                </Form.Item>
              )}
              <Form.Item name={info('allowSelfSigned')} valuePropName="checked" tooltip={SELF_SIGNED_TIP}>
                <Checkbox disabled={disabled} data-testid="email-self-signed">Allow self-signed certificate</Checkbox>
              </Form.Item>
            </Col>
          </Row>
          {protocol === 'imap' && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name={info('checkSpamFolder')} valuePropName="checked">
                  <Checkbox disabled={disabled}>Check spam folder</Checkbox>
                </Form.Item>
              </Col>
              {checkSpam && (
                <Col xs={24} md={12}>
                  <Form.Item
                    name={info('spamFolderName')} label="Spam folder name" rules={rules('spamFolderName')}
                    dependencies={[...sourceDependency, info('mailProtocol'), info('checkSpamFolder')]} required
                  >
                    <Input disabled={disabled} autoComplete="off" />
                  </Form.Item>
                </Col>
              )}
            </Row>
          )}
        </>
      ) : source ? (
        <Alert type="info" showIcon title={SOURCE_NOTES[source]} data-testid="email-source-note" />
      ) : null}
    </>
  );
}
