import { useRef } from 'react';
import { Form, Input, InputNumber, Modal, type InputRef } from 'antd';
import { UrlItemInputSchema, type UrlItem, type UrlItemInput } from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { focusFieldOnOpen } from '@/components/dialog-focus';
import { formDialogButtons } from '@/components/form-dialog-buttons';

interface LinkFormValues {
  url: string;
  anchor: string;
  linksOnPage: number | null;
}

export interface LinkDialogProps {
  open: boolean;
  /** The link being edited; undefined to add a new one. */
  link: UrlItem | undefined;
  onSubmit: (values: UrlItemInput) => Promise<void>;
  onClose: () => void;
}

/**
 * Add or edit one link: URL, anchor ('Please enter the url', 'Please enter the anchor' from the
 * shared schema) and the optional links-on-page count. Stays open when saving fails.
 */
export function LinkDialog({ open, link, onSubmit, onClose }: LinkDialogProps) {
  const [form] = Form.useForm<LinkFormValues>();
  const firstField = useRef<InputRef>(null);
  const { submitting, run } = useSubmitState();
  const editing = link !== undefined;

  const handleFinish = async (values: LinkFormValues) => {
    const body: UrlItemInput = { url: values.url, anchor: values.anchor, linksOnPage: values.linksOnPage ?? null, ...(link ? { id: link.id } : {}) };
    const outcome = await run(() => onSubmit(body));
    if (!outcome.failed) onClose();
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit link' : 'Add link'}
      {...formDialogButtons({ okText: editing ? DIALOG_LABELS.save : DIALOG_LABELS.create, busy: submitting, onCancel: onClose, okTestId: 'link-dialog-ok' })}
      destroyOnHidden
      afterOpenChange={(visible) => visible && focusFieldOnOpen(firstField.current?.input)}
      modalRender={(dialog) => (
        <Form<LinkFormValues> validateTrigger={VALIDATE_ON}
          form={form} layout="vertical" onFinish={handleFinish} clearOnDestroy data-testid="link-dialog"
          initialValues={link ? { url: link.url, anchor: link.anchor, linksOnPage: link.linksOnPage } : { linksOnPage: null }}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="url" label="URL" rules={[zodRule(UrlItemInputSchema, 'url')]}>
        <Input ref={firstField} autoComplete="off" placeholder="https://example.com/page" data-testid="link-url" />
      </Form.Item>
      <Form.Item name="anchor" label="Anchor" rules={[zodRule(UrlItemInputSchema, 'anchor')]}>
        <Input autoComplete="off" data-testid="link-anchor" />
      </Form.Item>
      <Form.Item name="linksOnPage" label="Links on page" rules={[zodRule(UrlItemInputSchema, 'linksOnPage')]}>
        <InputNumber min={0} precision={0} style={{ width: 160 }} data-testid="link-links-on-page" />
      </Form.Item>
    </Modal>
  );
}
