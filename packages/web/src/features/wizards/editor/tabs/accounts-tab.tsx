import { Suspense, useMemo, useState } from 'react';
import { Col, Input, InputNumber, Radio, Row, Select, Tabs, Tag } from 'antd';
import { isPrivateModule, tierKey, type WizardProject } from '@linkloom/shared';
import { usePrivateNetworkOptions, useProfileOptions } from '../../api/wizard-editor-api';
import { useWizardEditor } from '../editor-context';
import { ACCOUNTS_DEBOUNCE_MS, useDebouncedField } from '../use-debounced-field';
import { TabForm, WizardField } from '../wizard-field';
import { wizardDiagram } from '../wizard-model';
import { patchProject } from '../wizard-updates';
import { DiagramLoading, LazyWizardDiagram } from './strategy-tab';

type ProjectFields = Pick<WizardProject, 'createNewAccount' | 'profileName' | 'profileId' | 'numberOfPosts'>;

/** One project of the Accounts tab: new or existing accounts, or a private node's network and posts. */
function ProjectForm({ index, project }: { index: number; project: WizardProject }) {
  const { update } = useWizardEditor();
  const profiles = useProfileOptions();
  const networks = usePrivateNetworkOptions();
  const fields: ProjectFields = { createNewAccount: project.createNewAccount, profileName: project.profileName, profileId: project.profileId, numberOfPosts: project.numberOfPosts };
  const [local, change] = useDebouncedField(fields, (next) => update(patchProject(index, next)), ACCOUNTS_DEBOUNCE_MS);
  const path = (field: string) => `projects.${index}.${field}`;
  const testId = (field: string) => `project-${project.id}-${field}`;
  const campaignNames = useMemo(() => new Map((profiles.data?.campaigns ?? []).map((c) => [c.id, c.name])), [profiles.data]);

  if (isPrivateModule(project.module)) {
    return (
      <TabForm>
        <WizardField path={path('profileId')} label="Private network" required>
          <Select<number>
            value={local.profileId ?? undefined} allowClear placeholder="Select a private network" loading={networks.isLoading} data-testid={testId('network')}
            options={(networks.data?.objects ?? []).map((n) => ({ value: n.id, label: `${n.name} (${n.count})` }))}
            onChange={(id) => change({ ...local, profileId: id ?? null })}
          />
        </WizardField>
        <WizardField path={path('numberOfPosts')} label="Number of posts (0 = unlimited)" required>
          <InputNumber<number> value={local.numberOfPosts} style={{ width: 200 }} data-testid={testId('posts')} onChange={(v) => change({ ...local, numberOfPosts: v })} />
        </WizardField>
      </TabForm>
    );
  }
  return (
    <TabForm>
      <WizardField path={path('createNewAccount')} label="Accounts">
        <Radio.Group
          value={local.createNewAccount} data-testid={testId('mode')}
          onChange={(e) => change({ ...local, createNewAccount: e.target.value as boolean })}
          options={[
            { value: true, label: <span data-testid={testId('mode-new')}>Create new accounts</span> },
            { value: false, label: <span data-testid={testId('mode-existing')}>Use existing accounts</span> },
          ]}
        />
      </WizardField>
      {local.createNewAccount ? (
        <WizardField path={path('profileName')} label="Account store name" extra="The account profile the new accounts go to; nodes with the same name share it.">
          <Input value={local.profileName} data-testid={testId('profile-name')} onChange={(e) => change({ ...local, profileName: e.target.value })} />
        </WizardField>
      ) : (
        <WizardField path={path('profileId')} label="Account profile" required>
          <Select<number>
            value={local.profileId ?? undefined} allowClear placeholder="Select an account profile" loading={profiles.isLoading}
            showSearch={{ optionFilterProp: 'label' }} data-testid={testId('profile')}
            options={(profiles.data?.profiles ?? []).map((p) => ({ value: p.id, label: `${p.name} (${campaignNames.get(p.campaignId) ?? 'campaign'}, ${p.count})` }))}
            onChange={(id) => change({ ...local, profileId: id ?? null })}
          />
        </WizardField>
      )}
    </TabForm>
  );
}

function projectLabel(project: WizardProject) {
  return (
    <span data-testid={`project-tab-${project.id}`}>
      {project.name}
      {project.premium ? <Tag color="red" style={{ marginLeft: 4 }}>Premium</Tag> : null}
    </span>
  );
}

/**
 * Accounts tab (spec 2 §2): tier tabs each holding a tab per project, beside the read-only
 * diagram (loaded when the tab is first shown). Clicking a node activates its tier and project
 * tab; changing the project tab centres and highlights its node.
 */
export function AccountsTab() {
  const { wizard, activeTier, setActiveTier, errors, checkSerial } = useWizardEditor();
  const diagram = useMemo(() => wizardDiagram(wizard), [wizard.strategy]); // eslint-disable-line react-hooks/exhaustive-deps
  const [chosen, setChosen] = useState<string | null>(null);
  const tier = Math.min(activeTier('accounts'), Math.max(1, wizard.depth));
  const inTier = wizard.projects.map((project, index) => ({ project, index })).filter((p) => p.project.tier === tier);
  const failing = inTier.find((p) => [...errors.keys()].some((key) => key.startsWith(`projects.${p.index}.`)));
  // A failed check opens the first failing project.
  const [seenCheck, setSeenCheck] = useState(checkSerial);
  if (seenCheck !== checkSerial) {
    setSeenCheck(checkSerial);
    if (failing) setChosen(failing.project.id);
  }
  const active = inTier.find((p) => p.project.id === chosen) ?? inTier[0];

  const selectNode = (id: string) => {
    const project = wizard.projects.find((p) => p.id === id);
    if (!project) return;
    setActiveTier('accounts', project.tier);
    setChosen(id);
  };

  const tiers = Array.from({ length: wizard.depth }, (_, i) => i + 1);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Tabs
          tabPlacement="start" activeKey={tierKey(tier)} data-testid="accounts-tiers"
          onChange={(key) => { setActiveTier('accounts', Number(key.replace('tier', ''))); setChosen(null); }}
          items={tiers.map((t) => ({
            key: tierKey(t),
            label: <span data-testid={`accounts-${tierKey(t)}`}>{`Tier ${t}`}</span>,
            children: t !== tier ? null : (
              <Tabs
                size="small" activeKey={active?.project.id} onChange={setChosen} data-testid={`accounts-projects-${t}`}
                items={inTier.map(({ project, index }) => ({ key: project.id, label: projectLabel(project), children: <ProjectForm index={index} project={project} /> }))}
              />
            ),
          }))}
        />
      </Col>
      <Col xs={24} lg={10}>
        {diagram && (
          <Suspense fallback={<DiagramLoading />}>
            <LazyWizardDiagram diagram={diagram} name={wizard.strategy?.name ?? 'strategy'} activeNodeId={active?.project.id ?? null} onNodeClick={selectNode} height={420} testId="accounts-diagram" />
          </Suspense>
        )}
      </Col>
    </Row>
  );
}
