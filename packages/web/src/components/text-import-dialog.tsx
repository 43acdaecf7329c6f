import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import type { ErrorLine } from '@/lib/error-lines';
import { useSubmitState } from '@/lib/use-submit-state';
import { keepRefusedLines } from '@/lib/refused-lines';
import { ErrorList } from './error-list-dialog';
import { DIALOG_LABELS } from './dialog-labels';
import { VALIDATE_ON } from '@/lib/zod-form-rules';
import { formDialogButtons } from './form-dialog-buttons';

/** The text plus whatever the extra form items hold (e.g. `{ selfHosted: true }`). */
export type TextImportValues = { text: string } & Record<string, unknown>;

/** Props of {@link TextImportDialog}. */
export interface TextImportDialogProps {
  open: boolean;
  title: ReactNode;
  /** Label above the text area. */
  label?: ReactNode;
  placeholder?: string;
  /** Shown when the text is empty, e.g. 'Please enter links'. */
  requiredMessage: string;
  /** Visible lines of the text area; 12 unless given. */
  rows?: number;
  /**
   * Saves the text. Returned lines are per-line problems: they are listed inside the dialog,
   * which stays open. Resolving with nothing (or an empty list) closes it; a throw keeps it open.
   */
  onSubmit: (text: string, values: TextImportValues) => Promise<readonly ErrorLine[] | void>;
  /**
   * Whether a refused line stays in the box to be fixed; false drops it (a duplicate has nothing
   * to fix). Every refused line stays unless given.
   */
  keepRefused?: (message: string) => boolean;
  /** Called on Cancel, Escape and after a successful submit. */
  onClose: () => void;
  /** Extra Form.Items below the text (a 'Self-hosted blogs' checkbox). */
  children?: ReactNode;
  testId?: string;
}

/**
 * A large text area for batch input (links with the |x| separator, private sites with pipes).
 * Ctrl+Enter (or Cmd+Enter) submits; Enter is a new line. Every opening starts empty.
 */
export function TextImportDialog(props: TextImportDialogProps) {
  const { open, title, label, placeholder, requiredMessage, rows = 12, onSubmit, onClose, children } = props;
  const testId = props.testId ?? 'text-import-dialog';
  const [form] = Form.useForm<TextImportValues>();
  const [problems, setProblems] = useState<readonly ErrorLine[]>([]);
  const { submitting, run } = useSubmitState();

  const handleFinish = async (values: TextImportValues) => {
    setProblems([]);
    const outcome = await run(() => onSubmit(values.text, values));
    if (outcome.failed) return;
    if (!outcome.value || outcome.value.length === 0) {
      onClose();
      return;
    }
    // The accepted lines are saved: the box keeps only the refused ones (issue 11.3).
    const refused = keepRefusedLines(values.text, outcome.value, props.keepRefused);
    form.setFieldValue('text', refused.text);
    setProblems(refused.problems);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.submit();
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      {...formDialogButtons({ okText: DIALOG_LABELS.import, busy: submitting, onCancel: onClose, okTestId: `${testId}-ok` })}
      width={720}
      destroyOnHidden
      mask={{ closable: false }}
      afterClose={() => setProblems([])}
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleFinish} clearOnDestroy data-testid={testId}>
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="text" label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
        <Input.TextArea rows={rows} placeholder={placeholder} autoFocus onKeyDown={handleKeyDown} data-testid={`${testId}-text`} />
      </Form.Item>
      {children}
      {problems.length > 0 && (
        <Alert type="error" showIcon title="These lines were not accepted" description={<ErrorList lines={problems} />} data-testid={`${testId}-problems`} />
      )}
    </Modal>
  );
}
