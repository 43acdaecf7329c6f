import { Alert, Form, Radio } from 'antd';
import { useNavigate } from 'react-router';
import { CAMPAIGN_MESSAGES, CampaignCreateSchema, newCampaignPath, type CampaignListResponse } from '@linkloom/shared';
import { NameDialog } from '@/components/name-dialog';
import { StrategySelect } from '@/components/strategy-select';
import { useCreateCampaign } from '../api/campaigns-api';

type CampaignType = 'manual' | 'wizard';
interface NewCampaignValues {
  name: string;
  type: CampaignType;
  strategyId?: number;
}

/** The strategy select, shown for the X-Wizard type only. */
function StrategyField({ strategies }: { strategies: CampaignListResponse['strategies'] }) {
  const type = Form.useWatch<CampaignType | undefined>('type', Form.useFormInstance());
  if (type !== 'wizard') return null;
  return (
    <>
      <Form.Item name="strategyId" label="Strategy" rules={[{ required: true, message: CAMPAIGN_MESSAGES.strategyRequired }]}>
        <StrategySelect strategies={strategies} />
      </Form.Item>
      {strategies.length === 0 && (
        <Alert
          type="info" showIcon data-testid="no-strategies"
          title="No strategy exists yet: create one under Diagrams, or choose Manually to create the campaign now."
        />
      )}
    </>
  );
}

/**
 * New campaign: a name and a type (spec 1 §2). Manually creates the campaign at once; Using
 * X-Wizard (the default when a strategy exists to pick) opens the newcampaign route of the chosen
 * strategy in the same window, where the wizard's Create Campaign makes it.
 */
export function NewCampaignDialog(props: { open: boolean; onClose: () => void; strategies: CampaignListResponse['strategies'] }) {
  const createCampaign = useCreateCampaign();
  const navigate = useNavigate();
  const defaultType: CampaignType = props.strategies.length > 0 ? 'wizard' : 'manual';

  const handleSubmit = async (values: NewCampaignValues) => {
    if (values.type === 'manual') await createCampaign.mutateAsync(values.name.trim());
    else if (values.strategyId !== undefined) void navigate(newCampaignPath(values.strategyId, values.name.trim()));
  };

  return (
    <NameDialog<NewCampaignValues>
      open={props.open} title="New campaign" testId="new-campaign-dialog"
      schema={CampaignCreateSchema} initialValues={{ type: defaultType }}
      onSubmit={handleSubmit} onClose={props.onClose}
    >
      <Form.Item name="type" label="Type">
        <Radio.Group
          data-testid="campaign-type"
          options={[{ value: 'manual', label: 'Manually' }, { value: 'wizard', label: 'Using X-Wizard' }]}
        />
      </Form.Item>
      <StrategyField strategies={props.strategies} />
    </NameDialog>
  );
}
