import { useRef } from 'react';
import { Form, InputNumber, Modal, Select, type RefSelectProps } from 'antd';
import { LINK_SET_PROFILE_DEFAULTS } from '@linkloom/shared';
import type { NamedCount } from '../forms/field-options';
import { linkSetProfileRule } from './link-set-profile-rules';
import type { LinkSetProfileValue } from './link-set-profile-value';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { VALIDATE_ON } from '@/lib/zod-form-rules';
import { focusFieldOnOpen } from '@/components/dialog-focus';

interface DialogValues {
  linkSetId?: number;
  minLinks: number | null;
  maxLinks: number | null;
  linkProb: number | null;
}

/** Props of {@link LinkSetProfileDialog}. */
export interface LinkSetProfileDialogProps {
  open: boolean;
  /** The profile being edited; undefined when adding one. */
  profile?: LinkSetProfileValue;
  /** The link sets it may offer: those no other profile of the project uses. */
  linkSets: readonly NamedCount[];
  onSubmit: (profile: LinkSetProfileValue) => void;
  onClose: () => void;
}

/**
 * Add or edit one input link set of a project (spec 1 §5): which link set, how many of its links
 * per post and in what share of the posts. Its rules and messages are the shared schema's
 * (LinkSetProfileSchema, see link-set-profile-rules.ts). The
 * result goes into the page's form; nothing is saved until the page's Save.
 */
export function LinkSetProfileDialog(props: LinkSetProfileDialogProps) {
  const { open, profile, linkSets, onSubmit, onClose } = props;
  const [form] = Form.useForm<DialogValues>();
  const firstField = useRef<RefSelectProps>(null);
  const initialValues: DialogValues = profile
    ? { linkSetId: profile.linkSetId, minLinks: profile.minLinks, maxLinks: profile.maxLinks, linkProb: profile.linkProb }
    : { ...LINK_SET_PROFILE_DEFAULTS };

  const handleFinish = (values: DialogValues) => {
    const linkSetId = values.linkSetId as number;
    const name = linkSets.find((linkSet) => linkSet.id === linkSetId)?.name ?? profile?.name ?? '';
    onSubmit({ linkSetId, name, minLinks: values.minLinks, maxLinks: values.maxLinks, linkProb: values.linkProb });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={profile ? 'Edit link set' : 'Add link set'}
      okText={profile ? DIALOG_LABELS.save : DIALOG_LABELS.create}
      cancelText={DIALOG_LABELS.cancel}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'link-set-profile-dialog-ok' }}
      destroyOnHidden
      afterOpenChange={(visible) => visible && focusFieldOnOpen(firstField.current)}
      modalRender={(dialog) => (
        // Named, so its field ids (label targets) differ from the page form's own Min / Max links.
        <Form<DialogValues> validateTrigger={VALIDATE_ON}
          form={form} name="link-set-profile" layout="vertical" initialValues={initialValues} onFinish={handleFinish} clearOnDestroy
          data-testid="link-set-profile-dialog"
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="linkSetId" label="Link set" rules={[linkSetProfileRule('linkSetId')]} required>
        <Select<number>
          ref={firstField}
          options={linkSets.map((linkSet) => ({ value: linkSet.id, label: `${linkSet.name} (${linkSet.count})` }))}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a link set"
          notFoundContent="Every link set of the campaign is already used"
        />
      </Form.Item>
      <Form.Item name="minLinks" label="Min links" rules={[linkSetProfileRule('minLinks')]} required>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="maxLinks" label="Max links" rules={[linkSetProfileRule('maxLinks')]} dependencies={['minLinks']} required>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="linkProb" label="Link probability (%)" rules={[linkSetProfileRule('linkProb')]} required
        extra="The share of posts that carry links of this link set."
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
    </Modal>
  );
}
