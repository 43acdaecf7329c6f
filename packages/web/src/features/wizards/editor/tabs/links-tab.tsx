import { useState } from 'react';
import { App, Col, Input, InputNumber, Row, Select, Tabs } from 'antd';
import { LINK_PLACEMENTS, WIZARD_MESSAGES, newWizardLinkSet, type TierLinks } from '@linkloom/shared';
import { pairOptions } from '../pair-options';
import { useWizardEditor } from '../editor-context';
import { TierTabs } from '../tier-tabs';
import { LINKS_DEBOUNCE_MS, useDebouncedField } from '../use-debounced-field';
import { TabForm, WizardField } from '../wizard-field';
import { patchTier } from '../wizard-updates';
import { LinkSetFields } from './link-set-fields';
import { TierAnchorFields } from './tier-anchor-fields';

type TierFields = Pick<TierLinks, 'minLinks' | 'maxLinks' | 'linkPosition' | 'tags'>;

/** Tier 1's link sets: a Link Set N tab each, add and remove behind the spec's confirmations. */
function LinkSets() {
  const { wizard, update, errors, checkSerial, flushAll } = useWizardEditor();
  const { modal } = App.useApp();
  const sets = wizard.linksAndKeywords[0]?.linkSets ?? [];
  const [active, setActive] = useState(0);
  const failing = sets.findIndex((_, n) => [...errors.keys()].some((key) => key.startsWith(`linksAndKeywords.0.linkSets.${n}.`)));
  // A failed check opens the first failing link set.
  const [seenCheck, setSeenCheck] = useState(checkSerial);
  if (seenCheck !== checkSerial) {
    setSeenCheck(checkSerial);
    if (failing >= 0) setActive(failing);
  }
  const shown = Math.min(active, Math.max(0, sets.length - 1));
  const setSets = (change: (list: typeof sets) => typeof sets) => update((w) => ({
    ...w, linksAndKeywords: w.linksAndKeywords.map((tier, t) => (t === 0 ? { ...tier, linkSets: change(tier.linkSets) } : tier)),
  }));
  const add = () => modal.confirm({
    title: 'Add link set', content: WIZARD_MESSAGES.addLinkSetConfirm, okButtonProps: { 'data-testid': 'confirm-add-link-set' },
    onOk: () => {
      setSets((list) => [...list, newWizardLinkSet()]);
      setActive(sets.length);
    },
  });
  const remove = (n: number) => {
    if (sets.length <= 1) return;
    modal.confirm({
      title: WIZARD_MESSAGES.removeLinkSetTitle, content: WIZARD_MESSAGES.removeLinkSetConfirm, okButtonProps: { danger: true, 'data-testid': 'confirm-remove-link-set' },
      onOk: () => {
        // What is still being typed lands first, so it never moves onto the next link set.
        flushAll();
        setSets((list) => list.filter((_, i) => i !== n));
        setActive((a) => Math.max(0, a >= n ? a - 1 : a));
      },
    });
  };
  return (
    <WizardField path="linksAndKeywords.0.linkSets">
      <Tabs
        type="editable-card" size="small" data-testid="link-sets"
        activeKey={String(shown)}
        onChange={(key) => setActive(Number(key))}
        onEdit={(key, action) => (action === 'add' ? add() : remove(Number(key)))}
        addIcon={<span data-testid="add-link-set">+ Link Set</span>}
        items={sets.map((set, n) => ({
          key: String(n),
          label: <span data-testid={`link-set-tab-${n + 1}`}>{`Link Set ${n + 1}`}</span>,
          closable: sets.length > 1,
          children: <LinkSetFields key={n} index={n} set={set} />,
        }))}
      />
    </WizardField>
  );
}

function LinksTier({ tier }: { tier: number }) {
  const { wizard, update } = useWizardEditor();
  const value = wizard.linksAndKeywords[tier - 1];
  const fields: TierFields = { minLinks: value?.minLinks ?? null, maxLinks: value?.maxLinks ?? null, linkPosition: value?.linkPosition ?? null, tags: value?.tags ?? '' };
  const [local, change] = useDebouncedField(fields, (next) => update(patchTier('linksAndKeywords', tier, next)), LINKS_DEBOUNCE_MS);
  if (!value) return null;
  const path = (field: string) => `linksAndKeywords.${tier - 1}.${field}`;
  const testId = (field: string) => `links-${tier}-${field}`;
  return (
    <TabForm>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <WizardField path={path('minLinks')} label="Min links per post" required>
            <InputNumber<number> value={local.minLinks} style={{ width: '100%' }} data-testid={testId('minLinks')} onChange={(v) => change({ ...local, minLinks: v })} />
          </WizardField>
        </Col>
        <Col xs={12} md={6}>
          <WizardField path={path('maxLinks')} label="Max links per post" required>
            <InputNumber<number> value={local.maxLinks} style={{ width: '100%' }} data-testid={testId('maxLinks')} onChange={(v) => change({ ...local, maxLinks: v })} />
          </WizardField>
        </Col>
        <Col xs={24} md={12}>
          <WizardField path={path('linkPosition')} label="Link position" required>
            <Select
              value={local.linkPosition ?? undefined} allowClear options={pairOptions(LINK_PLACEMENTS)} placeholder="Select link position"
              data-testid={testId('linkPosition')} onChange={(v) => change({ ...local, linkPosition: v ?? null })}
            />
          </WizardField>
        </Col>
      </Row>
      <WizardField path={path('tags')} label="Tags" required extra="Comma-separated.">
        <Input value={local.tags} data-testid={testId('tags')} onChange={(event) => change({ ...local, tags: event.target.value })} />
      </WizardField>
      {tier === 1 ? <LinkSets /> : <TierAnchorFields tier={tier} />}
    </TabForm>
  );
}

/** Links & Keywords tab (spec 2 §2): link counts, position and tags per tier; tier 1's link sets. */
export function LinksTab() {
  return <TierTabs tab="linksAndKeywords">{(tier) => <LinksTier tier={tier} />}</TierTabs>;
}
