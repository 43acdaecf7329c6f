import { useRef, type ReactNode } from 'react';
import { Form, Input, Modal, type FormRule, type InputRef } from 'antd';
import type { z } from 'zod';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { DIALOG_LABELS, type DialogAct } from './dialog-labels';
import { focusFieldOnOpen } from './dialog-focus';
import { formDialogButtons } from './form-dialog-buttons';

/** The least a name dialog holds; extra form items add their own fields. */
export interface NameValues {
  name: string;
}

/** Props of {@link NameDialog}. */
export interface NameDialogProps<V extends NameValues> {
  open: boolean;
  title: ReactNode;
  /** What OK does: 'create' (the default) or 'save', 'duplicate' … (one wording, components/dialog-labels). */
  act?: DialogAct;
  /** Label of the name field; 'Name' unless given. */
  label?: string;
  /** Values the form starts from each time it opens (e.g. the row's current name). */
  initialValues?: Partial<V>;
  /** The shared zod schema of the request: the name field shows the server's own messages. */
  schema?: z.ZodType;
  /** Or a plain required message, e.g. 'Please enter project name'. */
  requiredMessage?: string;
  /** More rules for the name field. */
  rules?: FormRule[];
  /** Saves; the dialog closes when it resolves and stays open (nothing lost) when it throws. */
  onSubmit: (values: V) => Promise<void>;
  /** Called on Cancel, Escape, the close icon, and after a successful submit. */
  onClose: () => void;
  /** Extra Form.Items below the name (a type select, a 'Use same accounts' checkbox). */
  children?: ReactNode;
  testId?: string;
}

/**
 * Add / rename / duplicate dialog: one required name plus optional extra fields. Enter submits,
 * the name field takes the focus on open (not from a field the user already clicked while the
 * dialog opened), and every opening starts from `initialValues`.
 */
export function NameDialog<V extends NameValues = NameValues>(props: NameDialogProps<V>) {
  const { open, title, act = 'create', label = 'Name', initialValues, schema, requiredMessage, onSubmit, onClose, children } = props;
  const testId = props.testId ?? 'name-dialog';
  const [form] = Form.useForm<V>();
  const inputRef = useRef<InputRef>(null);
  const { submitting, run } = useSubmitState();

  const rules: FormRule[] = [
    ...(schema ? [zodRule(schema, 'name')] : [{ required: true, whitespace: true, message: requiredMessage ?? `Please enter ${label.toLowerCase()}` }]),
    ...(props.rules ?? []),
  ];

  const handleFinish = async (values: V) => {
    const outcome = await run(() => onSubmit(values));
    if (!outcome.failed) onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      {...formDialogButtons({ okText: DIALOG_LABELS[act], busy: submitting, onCancel: onClose, okTestId: `${testId}-ok` })}
      destroyOnHidden
      mask={{ closable: !submitting }}
      afterOpenChange={(visible) => visible && focusFieldOnOpen(inputRef.current?.input)}
      modalRender={(dialog) => (
        <Form<V> form={form} layout="vertical" validateTrigger={VALIDATE_ON} initialValues={initialValues} onFinish={handleFinish} clearOnDestroy data-testid={testId}>
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="name" label={label} rules={rules}>
        <Input ref={inputRef} autoFocus data-testid={`${testId}-name`} />
      </Form.Item>
      {children}
    </Modal>
  );
}
