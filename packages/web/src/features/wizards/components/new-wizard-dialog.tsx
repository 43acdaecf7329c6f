import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { WIZARD_MESSAGES, WizardAddSchema, type StrategySummary } from '@linkloom/shared';
import { NameDialog } from '@/components/name-dialog';
import { StrategySelect } from '@/components/strategy-select';
import { useAddWizard } from '../api/wizards-api';

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

/** 'New XWizard' (spec 2 §2): a name and a strategy, searchable, with its preview; Save opens the new wizard. */
export function NewWizardDialog(props: { open: boolean; onClose: () => void; strategies: readonly StrategySummary[] }) {
  const addWizard = useAddWizard();
  const navigate = useNavigate();
  // Save opens the new wizard in the same window (spec 2 §2 'New XWizard').
  const handleSubmit = async (values: NewWizardValues) => {
    const created = await addWizard.mutateAsync({ name: values.name.trim(), strategyId: values.strategyId ?? 0 });
    void navigate(`/xwizard/${created.id}`);
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
