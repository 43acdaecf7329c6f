import { useMemo } from 'react';
import { Radio, Select } from 'antd';
import { TIER_SITE_TYPES, siteKey, type ModuleCapability, type TierSiteSelection } from '@linkloom/shared';
import { ModuleCapabilityList, usePublishingCapabilities } from '@/components/publishing-capabilities';
import { SiteGrid } from '@/components/site-grid';
import { useSiteSelectionOptions, useWizardSites } from '../../api/wizard-editor-api';
import { useWizardEditor } from '../editor-context';
import { TierTabs } from '../tier-tabs';
import { TabForm, WizardField } from '../wizard-field';
import { patchTier } from '../wizard-updates';
import { wizardSiteRows } from '../site-rows';
import { tierModules } from '../tier-modules';
import { wizardDiagram } from '../wizard-model';

const TYPE_OPTIONS = [
  { value: TIER_SITE_TYPES.allSites, label: 'All Sites' },
  { value: TIER_SITE_TYPES.siteSelection, label: 'Site Selection Profile' },
  { value: TIER_SITE_TYPES.manually, label: 'Manually' },
];

function ManualSites({ tier, value }: { tier: number; value: TierSiteSelection }) {
  const { update } = useWizardEditor();
  const sites = useWizardSites(true);
  const checked = useMemo(() => new Set(value.selectedSites.map((s) => siteKey({ module: s.module, siteId: s.siteId }))), [value.selectedSites]);
  const rows = useMemo(() => wizardSiteRows(sites.data?.sites ?? [], checked), [sites.data, checked]);
  return (
    <SiteGrid
      sites={rows} grouping="module-platform" checked={checked} editing loading={sites.isFetching} noteTitle="Premium" height={420}
      emptyHint="Add sites on the Custom Sites screen"
      onCheckedChange={(next) => update(patchTier('tierSiteSelection', tier, {
        selectedSites: rows.filter((row) => next.has(row.key)).map((row) => ({ siteId: row.id.siteId, module: row.module })),
      }))}
    />
  );
}

/** What a tier needs to know of the modules it runs: which, and whether the user's sites can publish each. */
interface TierModules {
  modules: readonly string[];
  capabilityOf: (module: string) => ModuleCapability | undefined;
}

function SitesTier({ tier, modules }: { tier: number; modules: TierModules }) {
  const { wizard, update } = useWizardEditor();
  const value = wizard.tierSiteSelection[tier - 1];
  const selections = useSiteSelectionOptions();
  if (!value) return null;
  return (
    <TabForm>
      <div style={{ marginBottom: 16 }}>
        <ModuleCapabilityList title={`Tier ${tier} publishes:`} modules={modules.modules} capabilityOf={modules.capabilityOf} data-testid={`sites-modules-${tier}`} />
      </div>
      <WizardField path={`tierSiteSelection.${tier - 1}.type`} label={`Sites of Tier ${tier}`}>
        <Radio.Group
          value={value.type} data-testid={`sites-type-${tier}`}
          onChange={(event) => update(patchTier('tierSiteSelection', tier, { type: event.target.value as TierSiteSelection['type'] }))}
          options={TYPE_OPTIONS.map((o) => ({ value: o.value, label: <span data-testid={`sites-type-${tier}-${o.value}`}>{o.label}</span> }))}
        />
      </WizardField>
      {value.type === TIER_SITE_TYPES.siteSelection && (
        <WizardField path={`tierSiteSelection.${tier - 1}.siteSelectionId`} label="Site Selection Profile" required>
          <Select<number>
            value={value.siteSelectionId ?? undefined} allowClear placeholder="Select a site selection" loading={selections.isLoading}
            data-testid={`site-selection-${tier}`} showSearch={{ optionFilterProp: 'label' }}
            options={(selections.data?.site_selections ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(id) => update(patchTier('tierSiteSelection', tier, { siteSelectionId: id ?? null }))}
          />
        </WizardField>
      )}
      {value.type === TIER_SITE_TYPES.manually && <ManualSites tier={tier} value={value} />}
    </TabForm>
  );
}

/**
 * Sites tab (spec 2 §2): per tier All Sites, a Site Selection Profile, or sites picked by hand,
 * under the modules the tier runs, each with whether the user's sites can publish it (issue 37).
 */
export function SitesTab() {
  const { wizard } = useWizardEditor();
  const { capabilityOf } = usePublishingCapabilities();
  const byTier = useMemo(() => tierModules(wizardDiagram(wizard)), [wizard.strategy]); // eslint-disable-line react-hooks/exhaustive-deps
  return <TierTabs tab="sites">{(tier) => <SitesTier tier={tier} modules={{ modules: byTier.get(tier) ?? [], capabilityOf }} />}</TierTabs>;
}
