import { Alert, Form, Radio, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import { CAMPAIGN_MESSAGES, CampaignCreateSchema, newCampaignPath, type CampaignListResponse } from '@linkloom/shared';
import { NameDialog } from '@/components/name-dialog';
import { isScreenBuilt } from '@/lib/built-screens';
import { useCreateCampaign } from '../api/campaigns-api';

type CampaignType = 'manual' | 'wizard';
/** The strategy's preview beside its name (an SVG data URL: shown as an image, it runs nothing). */
const PREVIEW_STYLE = { width: 48, height: 32, objectFit: 'contain', background: '#fff', border: '1px solid #f0f0f0', borderRadius: 4 } as const;
const BUILTIN_MARK_STYLE = { color: 'rgba(0, 0, 0, 0.45)', fontSize: 12 } as const;
interface NewCampaignValues {
  name: string;
  type: CampaignType;
  strategyId?: number;
}

/** Said while the X-Wizard's screen (/newcampaign) is not built yet. */
const WIZARD_COMING = 'Coming soon: the X-Wizard cannot create campaigns yet. Choose Manually to create the campaign now.';

/** The strategy select, shown for the X-Wizard type only. */
function StrategyField({ strategies, wizardBuilt }: { strategies: CampaignListResponse['strategies']; wizardBuilt: boolean }) {
  const type = Form.useWatch<CampaignType | undefined>('type', Form.useFormInstance());
  if (type !== 'wizard') return null;
  return (
    <>
      <Form.Item name="strategyId" label="Strategy" rules={[{ required: true, message: CAMPAIGN_MESSAGES.strategyRequired }]}>
        <Select
          placeholder="Select a strategy" data-testid="strategy-select"
          options={strategies.map((strategy) => ({ value: strategy.id, label: strategy.name, img: strategy.img, type: strategy.type }))}
          optionRender={(option) => (
            <Space data-testid={`strategy-option-${String(option.value)}`}>
              {option.data.img ? <img src={option.data.img} alt="" style={PREVIEW_STYLE} /> : null}
              <span>{option.label}</span>
              {option.data.type === 'BUILTIN' ? <span style={BUILTIN_MARK_STYLE}>built-in</span> : null}
            </Space>
          )}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="No strategies yet"
        />
      </Form.Item>
      {!wizardBuilt && <Alert type="warning" showIcon data-testid="wizard-coming" title={WIZARD_COMING} style={{ marginBottom: 12 }} />}
      {strategies.length === 0 && (
        <Alert
          type="info" showIcon data-testid="no-strategies"
          title="Campaigns from a strategy come with the X-Wizard. No strategy exists yet: create one under Diagrams, or choose Manually to create the campaign now."
        />
      )}
    </>
  );
}

/**
 * New campaign: a name and a type (spec 1 §2). Manually creates the campaign at once; Using
 * X-Wizard opens the newcampaign route of the chosen strategy in the same window. No dead end
 * (issue 11.2): X-Wizard is the default only when a strategy exists to pick; while the wizard's
 * own screen is not built, choosing it says so and OK refuses it (Manually still creates).
 */
export function NewCampaignDialog(props: { open: boolean; onClose: () => void; strategies: CampaignListResponse['strategies'] }) {
  const createCampaign = useCreateCampaign();
  const navigate = useNavigate();
  const wizardBuilt = isScreenBuilt('/newcampaign/0');
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
      <Form.Item
        name="type" label="Type"
        rules={[{ validator: (_rule, type: unknown) => (type === 'wizard' && !wizardBuilt ? Promise.reject(new Error(WIZARD_COMING)) : Promise.resolve()) }]}
      >
        <Radio.Group
          data-testid="campaign-type"
          options={[{ value: 'manual', label: 'Manually' }, { value: 'wizard', label: 'Using X-Wizard' }]}
        />
      </Form.Item>
      <StrategyField strategies={props.strategies} wizardBuilt={wizardBuilt} />
    </NameDialog>
  );
}
