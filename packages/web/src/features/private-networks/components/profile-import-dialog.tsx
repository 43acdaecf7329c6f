import { Form, Modal, Select } from 'antd';
import { ImportFromProfileBodySchema } from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { useProfileChoices } from '../api/private-sites-api';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { formDialogButtons } from '@/components/form-dialog-buttons';

/** Props of {@link ProfileImportDialog}. */
export interface ProfileImportDialogProps {
  open: boolean;
  /** Imports the profile's accounts; the dialog closes when it resolves, stays open when it throws. */
  onSubmit: (profileId: number) => Promise<void>;
  onClose: () => void;
}

/**
 * Import → From Account Profiles: pick one account profile (grouped by campaign, searchable);
 * its accounts become sites of the network. Empty choice: 'Please select an account profile'.
 */
export function ProfileImportDialog({ open, onSubmit, onClose }: ProfileImportDialogProps) {
  const [form] = Form.useForm<{ profileId?: number }>();
  const choices = useProfileChoices(open);
  const { submitting, run } = useSubmitState();

  const campaigns = new Map<string, { label: string; value: number }[]>();
  for (const profile of choices.data?.profiles ?? []) {
    const options = campaigns.get(profile.campaignName) ?? [];
    options.push({ label: `${profile.name} (${profile.count})`, value: profile.id });
    campaigns.set(profile.campaignName, options);
  }
  const options = [...campaigns].map(([campaign, profiles]) => ({ label: campaign, title: campaign, options: profiles }));

  const handleFinish = async (values: { profileId?: number }) => {
    const outcome = await run(() => onSubmit(values.profileId ?? 0));
    if (!outcome.failed) onClose();
  };

  return (
    <Modal
      open={open}
      title="Import From Account Profiles"
      {...formDialogButtons({ okText: DIALOG_LABELS.import, busy: submitting, onCancel: onClose, okTestId: 'profile-import-dialog-ok' })}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleFinish} clearOnDestroy data-testid="profile-import-dialog">
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="profileId" label="Account profile" rules={[zodRule(ImportFromProfileBodySchema, 'profileId')]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          loading={choices.isLoading}
          options={options}
          placeholder="Select an account profile"
          notFoundContent={choices.isLoading ? 'Loading…' : 'No account profiles: add one on a campaign first'}
          data-testid="profile-select"
        />
      </Form.Item>
    </Modal>
  );
}
