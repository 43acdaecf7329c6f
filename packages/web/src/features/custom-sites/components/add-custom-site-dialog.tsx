import { useRef } from 'react';
import { Checkbox, Form, Input, InputNumber, Modal, Select, type InputRef } from 'antd';
import { AddCustomSiteBodySchema, type AddCustomSiteBody, type CustomSiteModule } from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { CredentialsHelp } from '@/components/publishing-capabilities';
import { focusFieldOnOpen } from '@/components/dialog-focus';
import { formDialogButtons } from '@/components/form-dialog-buttons';

interface AddSiteValues {
  url: string;
  module: CustomSiteModule | undefined;
  login?: string;
  password?: string;
  da: number | null;
  premium: boolean;
}

export interface AddCustomSiteDialogProps {
  open: boolean;
  modules: readonly { id: string; name: string }[];
  onSubmit: (body: AddCustomSiteBody) => Promise<void>;
  onClose: () => void;
}

/**
 * Add one custom site: URL and module (required), the admin or bot login and password (both or
 * neither), the user's DA and the premium flag. The rules are the shared schema's, so the dialog
 * says what the server would. Under the password, what the login and password hold on the site's
 * platform (the address's hosted service, or the module's platforms). Stays open when saving fails.
 */
export function AddCustomSiteDialog({ open, modules, onSubmit, onClose }: AddCustomSiteDialogProps) {
  const [form] = Form.useForm<AddSiteValues>();
  const firstField = useRef<InputRef>(null);
  const { submitting, run } = useSubmitState();
  const url = Form.useWatch('url', form);
  const module = Form.useWatch('module', form);

  const handleFinish = async (values: AddSiteValues) => {
    const body: AddCustomSiteBody = {
      url: values.url, module: values.module as CustomSiteModule, da: values.da ?? null, premium: values.premium,
      ...(values.login ? { login: values.login } : {}), ...(values.password ? { password: values.password } : {}),
    };
    const outcome = await run(() => onSubmit(body));
    if (!outcome.failed) onClose();
  };

  return (
    <Modal
      open={open}
      title="Add Site"
      {...formDialogButtons({ okText: DIALOG_LABELS.create, busy: submitting, onCancel: onClose, okTestId: 'add-site-dialog-ok' })}
      destroyOnHidden
      afterOpenChange={(visible) => visible && focusFieldOnOpen(firstField.current?.input)}
      modalRender={(dialog) => (
        <Form<AddSiteValues>
          validateTrigger={VALIDATE_ON} form={form} layout="vertical" onFinish={handleFinish} clearOnDestroy data-testid="add-site-dialog"
          initialValues={{ da: null, premium: false }}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="url" label="Site URL" rules={[zodRule(AddCustomSiteBodySchema, 'url')]}>
        <Input ref={firstField} autoComplete="off" placeholder="https://blog.example.com" data-testid="add-site-url" />
      </Form.Item>
      <Form.Item name="module" label="Module" rules={[zodRule(AddCustomSiteBodySchema, 'module')]}>
        <Select<CustomSiteModule> options={modules.map((m) => ({ value: m.id, label: m.name }))} placeholder="Choose a module" data-testid="add-site-module" />
      </Form.Item>
      <Form.Item name="login" label="Admin or bot login (optional)" rules={[zodRule(AddCustomSiteBodySchema, 'login')]} dependencies={['password']}>
        <Input autoComplete="off" data-testid="add-site-login" />
      </Form.Item>
      <Form.Item
        name="password" label="Password or application / bot password (optional)" rules={[zodRule(AddCustomSiteBodySchema, 'password')]} dependencies={['login']}
        extra={<CredentialsHelp url={url} module={module} />}
      >
        <Input.Password autoComplete="new-password" data-testid="add-site-password" />
      </Form.Item>
      <Form.Item name="da" label="DA (optional)" rules={[zodRule(AddCustomSiteBodySchema, 'da')]}>
        <InputNumber min={0} max={100} precision={0} style={{ width: 120 }} data-testid="add-site-da" />
      </Form.Item>
      <Form.Item name="premium" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox data-testid="add-site-premium">Premium</Checkbox>
      </Form.Item>
    </Modal>
  );
}
