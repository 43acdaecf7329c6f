import { Checkbox, Input } from 'antd';
import { useWizardEditor } from '../editor-context';
import { TabForm, WizardField } from '../wizard-field';
import { isCampaignRoute, requiresWizardName } from '../wizard-model';
import { patchWizard } from '../wizard-updates';
import { ConfirmSummary } from './confirm-summary';

/**
 * Confirm tab (spec 2 §2): the campaign name; on the new and duplicate campaign routes 'Also
 * create wizard' and the wizard name, which is required when saving as a wizard or editing one;
 * then the summary of what Create Campaign commits to, with its shortages and blockers (issue 35).
 */
export function ConfirmTab() {
  const { wizard, update, mode } = useWizardEditor();
  const campaignRoute = isCampaignRoute(mode);
  const showName = !campaignRoute || wizard.saveWizard;
  return (
    <TabForm>
      <WizardField path="campaignName" label="Campaign Name" required>
        <Input value={wizard.campaignName} data-testid="confirm-campaign-name" onChange={(e) => update(patchWizard({ campaignName: e.target.value }))} />
      </WizardField>
      {campaignRoute && (
        <Checkbox checked={wizard.saveWizard} data-testid="confirm-save-wizard" onChange={(e) => update(patchWizard({ saveWizard: e.target.checked }))} style={{ marginBottom: 16 }}>
          Also create wizard
        </Checkbox>
      )}
      {showName && (
        <WizardField path="name" label="Wizard Name" required={requiresWizardName(mode) || wizard.saveWizard}>
          <Input value={wizard.name} data-testid="confirm-wizard-name" onChange={(e) => update(patchWizard({ name: e.target.value }))} />
        </WizardField>
      )}
      <ConfirmSummary />
    </TabForm>
  );
}
