import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { WIZARD_MESSAGES, WizardAddSchema, newWizardPath, type StrategySummary } from '@linkloom/shared';
import { NameDialog } from '@/components/name-dialog';
import { StrategySelect } from '@/components/strategy-select';

const PREVIEW_STYLE = { width: '100%', maxHeight: 220, objectFit: 'contain', background: '#fff', border: '1px solid #f0f0f0', borderRadius: 4 } as const;

interface NewWizardValues {
  name: string;
  strategyId?: number;
}

/** The chosen strategy's preview under the select. */
function StrategyPreview({ strategies }: { strategies: readonly StrategySummary[] }) {
  const strategyId = Form.useWatch<number | undefined>('strategyId', Form.useFormInstance());
  const img = strategies.find((s) => s.id === strategyId)?.img;
  return img ? <img src={img} alt="" style={PREVIEW_STYLE} data-testid="strategy-preview" /> : null;
}

/**
 * 'New XWizard' (spec 2 §2): a name and a strategy, searchable, with its preview; Save opens the new
 * wizard route in the same window, where the editor starts from the strategy and its Save Wizard
 * stores it (then the address becomes the saved wizard's).
 */
export function NewWizardDialog(props: { open: boolean; onClose: () => void; strategies: readonly StrategySummary[] }) {
  const navigate = useNavigate();
  const handleSubmit = async (values: NewWizardValues) => {
    await navigate(newWizardPath(values.strategyId ?? 0, values.name));
  };
  return (
    <NameDialog<NewWizardValues>
      open={props.open} title="New XWizard" testId="new-wizard-dialog"
      schema={WizardAddSchema} onSubmit={handleSubmit} onClose={props.onClose}
    >
      <Form.Item name="strategyId" label="Strategy" rules={[{ required: true, message: WIZARD_MESSAGES.strategyRequired }]}>
        <StrategySelect strategies={props.strategies} />
      </Form.Item>
      <StrategyPreview strategies={props.strategies} />
    </NameDialog>
  );
}
