import { useRef } from 'react';
import { Form, Input, Modal, type InputRef } from 'antd';
import { AccountFieldsSchema, type AccountFields } from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { focusFieldOnOpen } from '@/components/dialog-focus';
import { formDialogButtons } from '@/components/form-dialog-buttons';

const FIELDS: { name: keyof AccountFields; label: string; password?: boolean }[] = [
  { name: 'siteName', label: 'Website' },
  { name: 'email', label: 'Email' },
  { name: 'username', label: 'Username' },
  { name: 'password', label: 'Password', password: true },
];

/**
 * The add-account dialog: the four fields with the shared schema's messages ('Please enter
 * website', …). Saving an existing site + email updates that account (the server's rule).
 */
export function AccountDialog(props: { open: boolean; onSubmit: (values: AccountFields) => Promise<void>; onClose: () => void }) {
  const { open, onSubmit, onClose } = props;
  const [form] = Form.useForm<AccountFields>();
  const firstField = useRef<InputRef>(null);
  const { submitting, run } = useSubmitState();

  const handleFinish = async (values: AccountFields) => {
    const outcome = await run(() => onSubmit(values));
    if (!outcome.failed) onClose();
  };

  return (
    <Modal
      open={open}
      title="Add account"
      {...formDialogButtons({ okText: DIALOG_LABELS.create, busy: submitting, onCancel: onClose, okTestId: 'account-dialog-ok' })}
      destroyOnHidden
      afterOpenChange={(visible) => visible && focusFieldOnOpen(firstField.current?.input)}
      modalRender={(dialog) => (
        <Form<AccountFields> form={form} layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleFinish} clearOnDestroy data-testid="account-dialog">
          {dialog}
        </Form>
      )}
    >
      {FIELDS.map((field, index) => (
        <Form.Item key={field.name} name={field.name} label={field.label} rules={[zodRule(AccountFieldsSchema, field.name)]}>
          {field.password
            ? <Input.Password autoComplete="new-password" data-testid={`account-${field.name}`} />
            : <Input ref={index === 0 ? firstField : undefined} autoComplete="off" data-testid={`account-${field.name}`} />}
        </Form.Item>
      ))}
    </Modal>
  );
}
