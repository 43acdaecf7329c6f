import { Button, Checkbox, Col, Divider, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { EMAIL_PROTOCOLS, MAILBOX_FAILURES, type EmailSource, type RandomInfo, type WizardEmailAccount } from '@linkloom/shared';
import { MailboxActions } from '@/components/mailbox-actions/mailbox-actions';
import { pairOptions } from '../pair-options';
import { useRandomInfo } from '../../api/wizard-editor-api';
import { useWizardEditor } from '../editor-context';
import { TabForm, WizardField } from '../wizard-field';
import { patchWizard } from '../wizard-updates';

/** Email Account Source (spec 2 §2 Emails tab). */
const SOURCES: { value: EmailSource; label: string }[] = [
  { value: 'MANUAL', label: 'Manual' },
  { value: 'LINKLOOM', label: 'Auto Download Mail' },
  { value: 'LIST', label: 'Auto Download From Email List' },
];

/** The account and blog fields Generate random info fills (spec 2 §2, §3). */
const IDENTITY: { field: keyof RandomInfo; label: string }[] = [
  { field: 'firstName', label: 'First name' }, { field: 'lastName', label: 'Last name' },
  { field: 'username', label: 'Username' }, { field: 'password', label: 'Password' },
  { field: 'blogTitle', label: 'Blog title' }, { field: 'blogName', label: 'Blog name' },
];

function ManualMailbox() {
  const { wizard, update } = useWizardEditor();
  const account = wizard.emailAccount;
  const set = (patch: Partial<WizardEmailAccount>) => update((w) => ({ ...w, emailAccount: { ...w.emailAccount, ...patch } }));
  const path = (field: string) => `emailAccount.${field}`;
  return (
    <>
      <MailboxActions failures={MAILBOX_FAILURES.wizard} onFill={set} current={() => account} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <WizardField path={path('emailServer')} label="Server Address" required>
            <Input value={account.emailServer} autoComplete="off" data-testid="email-server" onChange={(e) => set({ emailServer: e.target.value })} />
          </WizardField>
        </Col>
        <Col xs={12} md={6}>
          <WizardField path={path('emailServerPort')} label="Server Port" required>
            <InputNumber<number> value={account.emailServerPort} style={{ width: '100%' }} data-testid="email-port" onChange={(v) => set({ emailServerPort: v })} />
          </WizardField>
        </Col>
        <Col xs={12} md={6}>
          <WizardField path={path('mailProtocol')} label="Server Type" required>
            <Select value={account.mailProtocol ?? undefined} allowClear options={pairOptions(EMAIL_PROTOCOLS)} data-testid="email-protocol" onChange={(v) => set({ mailProtocol: v ?? null })} />
          </WizardField>
        </Col>
        <Col xs={24} md={12}>
          <WizardField path={path('emailAddress')} label="Email Address" required extra="Spintax for a catch-all mailbox, e.g. {ann|bob}@example.com.">
            <Input value={account.emailAddress} autoComplete="off" data-testid="email-address" onChange={(e) => set({ emailAddress: e.target.value })} />
          </WizardField>
        </Col>
        <Col xs={24} md={12}>
          <WizardField path={path('emailLogin')} label="Email Login" required>
            <Input value={account.emailLogin} autoComplete="off" data-testid="email-login" onChange={(e) => set({ emailLogin: e.target.value })} />
          </WizardField>
        </Col>
        <Col xs={24} md={12}>
          <WizardField path={path('emailPassword')} label="Password" required>
            <Input.Password value={account.emailPassword} autoComplete="new-password" data-testid="email-password" onChange={(e) => set({ emailPassword: e.target.value })} />
          </WizardField>
        </Col>
        <Col xs={24} md={12}>
          <WizardField path={path('SSL')} label="Use SSL">
            <Switch checked={account.SSL} data-testid="email-ssl" onChange={(SSL) => set({ SSL })} />
          </WizardField>
        </Col>
        <Col xs={24} md={12}>
          <Space orientation="vertical" size={8}>
            {!account.SSL && (
              <Checkbox checked={account.startTls} data-testid="email-starttls" onChange={(e) => set({ startTls: e.target.checked })}>STARTTLS</Checkbox>
            )}
            <Checkbox checked={account.allowSelfSigned} data-testid="email-self-signed" onChange={(e) => set({ allowSelfSigned: e.target.checked })}>
              Allow self-signed certificate
            </Checkbox>
          </Space>
        </Col>
      </Row>
      {account.mailProtocol === 'imap' && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Checkbox checked={account.checkSpamFolder} data-testid="email-check-spam" onChange={(e) => set({ checkSpamFolder: e.target.checked })}>Check Spam Folder</Checkbox>
          </Col>
          {account.checkSpamFolder && (
            <Col xs={24} md={12}>
              <WizardField path={path('spamFolderName')} label="Name" required>
                <Input value={account.spamFolderName} data-testid="email-spam-folder" onChange={(e) => set({ spamFolderName: e.target.value })} />
              </WizardField>
            </Col>
          )}
        </Row>
      )}
    </>
  );
}

/** The identity new accounts and blogs are made with: optional, spintax allowed, generated when empty. */
function Identity() {
  const { wizard, update } = useWizardEditor();
  const randomInfo = useRandomInfo();
  const generate = async () => {
    // The made-up blogs are about the campaign's subject: tier 1's primary and secondary keywords.
    const keywords = (wizard.linksAndKeywords[0]?.linkSets ?? []).flatMap((set) => [set.primaryKeyword, set.secondaryKeyword]).filter((k) => k.trim() !== '').join('\n');
    const info = await randomInfo.mutateAsync(keywords).catch(() => null);
    if (info === null) return;
    update(patchWizard(Object.fromEntries(IDENTITY.map(({ field }) => [field, info[field]]))));
  };
  return (
    <>
      <Divider titlePlacement="start">Account and blog details</Divider>
      <Button icon={<ThunderboltOutlined />} loading={randomInfo.isPending} onClick={() => void generate()} style={{ marginBottom: 16 }} data-testid="generate-random-info">
        Generate random info
      </Button>
      <Row gutter={16}>
        {IDENTITY.map(({ field, label }) => (
          <Col xs={24} md={12} key={field}>
            <WizardField path={field} label={label} extra={field === 'firstName' ? 'Optional; spintax allowed. Left empty, it is generated for each account.' : undefined}>
              <Input value={wizard[field]} autoComplete="off" data-testid={`identity-${field}`} onChange={(e) => update(patchWizard({ [field]: e.target.value }))} />
            </WizardField>
          </Col>
        ))}
      </Row>
    </>
  );
}

/** Emails tab (spec 2 §2): where verification emails arrive; Manual shows the mailbox fields. */
export function EmailsTab() {
  const { wizard, update } = useWizardEditor();
  return (
    <TabForm>
      <WizardField path="emailSource" label="Email Account Source">
        <Radio.Group
          value={wizard.emailSource} data-testid="email-source"
          options={SOURCES.map((s) => ({ value: s.value, label: <span data-testid={`email-source-${s.value}`}>{s.label}</span> }))}
          onChange={(e) => update(patchWizard({ emailSource: e.target.value as EmailSource }))}
        />
      </WizardField>
      {wizard.emailSource === 'MANUAL' && <ManualMailbox />}
      <Identity />
    </TabForm>
  );
}
