import { Checkbox, Form } from 'antd';
import { useNavigate } from 'react-router';
import { CampaignCreateSchema, DUPLICATE_CAMPAIGN_SUFFIX, duplicateCampaignPath, type Campaign } from '@linkloom/shared';
import { NameDialog } from '@/components/name-dialog';

interface DuplicateValues {
  name: string;
  useSameAccounts: boolean;
}

/**
 * Duplicate a wizard-made campaign (spec 1 §2): the name defaults to the original plus ' Copy';
 * OK opens the duplicatecampaign route, where the wizard does the copying.
 */
export function DuplicateCampaignDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const navigate = useNavigate();
  const handleSubmit = async (values: DuplicateValues) => {
    if (campaign) void navigate(duplicateCampaignPath(campaign.id, values.name.trim(), values.useSameAccounts));
  };
  return (
    <NameDialog<DuplicateValues>
      open={campaign !== null} title="Duplicate campaign" act="duplicate" testId="duplicate-campaign-dialog"
      schema={CampaignCreateSchema}
      initialValues={{ name: `${campaign?.name ?? ''}${DUPLICATE_CAMPAIGN_SUFFIX}`, useSameAccounts: false }}
      onSubmit={handleSubmit} onClose={onClose}
    >
      <Form.Item name="useSameAccounts" valuePropName="checked">
        <Checkbox data-testid="use-same-accounts">Use same accounts</Checkbox>
      </Form.Item>
    </NameDialog>
  );
}
