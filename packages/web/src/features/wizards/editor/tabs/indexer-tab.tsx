import { Checkbox, Select } from 'antd';
import { INDEXING_SERVICES } from '@linkloom/shared';
import { pairOptions } from '../pair-options';
import { useWizardEditor } from '../editor-context';
import { TabForm, WizardField } from '../wizard-field';
import { patchTier } from '../wizard-updates';

/** Indexer tab (spec 2 §2): per tier 'Use indexing service for Tier n' and, when ticked, the services. */
export function IndexerTab() {
  const { wizard, update } = useWizardEditor();
  return (
    <TabForm>
      {wizard.indexer.map((value, i) => {
        const tier = i + 1;
        return (
          <div key={tier} data-testid={`indexer-tier${tier}`}>
            <Checkbox
              checked={value.useIndexers} data-testid={`indexer-${tier}-use`}
              onChange={(e) => update(patchTier('indexer', tier, { useIndexers: e.target.checked }))}
            >
              {`Use indexing service for Tier ${tier}`}
            </Checkbox>
            {value.useIndexers && (
              <WizardField
                path={`indexer.${i}.indexers`} label="Indexing Services" required
                extra={<a href="#/options?tab=indexer" target="_blank" rel="noreferrer">Configure indexers</a>}
              >
                <Select
                  mode="multiple" value={value.indexers} options={pairOptions(INDEXING_SERVICES)} data-testid={`indexer-${tier}-services`}
                  onChange={(indexers) => update(patchTier('indexer', tier, { indexers }))}
                />
              </WizardField>
            )}
          </div>
        );
      })}
    </TabForm>
  );
}
