import type { ReactNode } from 'react';
import { Badge, Tabs } from 'antd';
import { tierKey, type WizardTab } from '@linkloom/shared';
import { useWizardEditor } from './editor-context';

/**
 * The tier tabs of a tiered wizard tab (spec 2 §2, §4): keys tier1..tierN, N the diagram's depth;
 * a tier holding problems is marked, and the editor opens the first failing one.
 */
export function TierTabs(props: { tab: WizardTab; label?: (tier: number) => string; children: (tier: number) => ReactNode }) {
  const { wizard, activeTier, setActiveTier, problemTiers } = useWizardEditor();
  const failing = problemTiers(props.tab);
  const tiers = Array.from({ length: wizard.depth }, (_, i) => i + 1);
  if (tiers.length === 0) return null;
  return (
    <Tabs
      tabPlacement="start"
      activeKey={tierKey(Math.min(activeTier(props.tab), wizard.depth))}
      onChange={(key) => setActiveTier(props.tab, Number(key.replace('tier', '')))}
      data-testid={`${props.tab}-tiers`}
      items={tiers.map((tier) => ({
        key: tierKey(tier),
        label: (
          <span data-testid={`${props.tab}-${tierKey(tier)}`}>
            {failing.has(tier) ? <Badge status="error" style={{ marginRight: 4 }} /> : null}
            {props.label ? props.label(tier) : `Tier ${tier}`}
          </span>
        ),
        children: props.children(tier),
      }))}
    />
  );
}
