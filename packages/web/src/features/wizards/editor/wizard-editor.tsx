import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Space, Tabs } from 'antd';
import { RocketOutlined, SaveOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  WIZARD_MESSAGES, WIZARD_TABS, checkWizard, checkWizardTab, summarizeWizard, wizardBlockers, wizardCountIds,
  type Wizard, type WizardCounts, type WizardPlanSummary, type WizardProblem, type WizardTab,
} from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { toastDone } from '@/lib/action-feedback';
import { HttpError } from '@/lib/http-error';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes-guard';
import { searchOf, writeTab } from '@/lib/url-state';
import { useUrlTab } from '@/lib/use-url-state';
import { wizardKeys } from '../api/wizard-keys';
import { fetchWizardCounts, loadSavedWizard, useCreateCampaign, useSaveWizard, useWizardCounts } from '../api/wizard-editor-api';
import { WizardEditorContext, type WizardEditorContextValue } from './editor-context';
import {
  campaignScreenTitle, failureOfAnswer, isCampaignRoute, openSavedWizard, problemsByField, requiresWizardName, tiersWithProblems, wizardDiagram, type EditorMode, type WizardFailure,
} from './wizard-model';
import { stableJson, useWizardLive } from './use-wizard-live';
import { AccountsTab } from './tabs/accounts-tab';
import { ConfirmTab } from './tabs/confirm-tab';
import { ContentTab } from './tabs/content-tab';
import { EmailsTab } from './tabs/emails-tab';
import { IndexerTab } from './tabs/indexer-tab';
import { LinksTab } from './tabs/links-tab';
import { ScheduleTab } from './tabs/schedule-tab';
import { SitesTab } from './tabs/sites-tab';
import { StrategyTab } from './tabs/strategy-tab';

/** `?tab=…` of a tab (nothing for the first): where a new wizard's own route opens after its first save. */
const tabSearch = (tab: WizardTab) => searchOf(writeTab(new URLSearchParams(), 'tab', tab, WIZARD_TABS, 'strategy'));

/** The nine tabs in the spec's order (spec 2 §2), one component each. */
const TABS: Record<WizardTab, { label: string; render: () => ReactNode }> = {
  strategy: { label: 'Strategy', render: () => <StrategyTab /> },
  sites: { label: 'Sites', render: () => <SitesTab /> },
  linksAndKeywords: { label: 'Links & Keywords', render: () => <LinksTab /> },
  content: { label: 'Content', render: () => <ContentTab /> },
  accounts: { label: 'Accounts', render: () => <AccountsTab /> },
  emails: { label: 'Emails', render: () => <EmailsTab /> },
  indexer: { label: 'Indexer', render: () => <IndexerTab /> },
  schedule: { label: 'Schedule', render: () => <ScheduleTab /> },
  confirm: { label: 'Confirm', render: () => <ConfirmTab /> },
};


/** What the editor says when its wizard changes in another window (live `xwizards`). */
export const WIZARD_LIVE_TEXT = {
  renamed: (name: string) => `This wizard was renamed to '${name}' in another window`,
  deleted: 'This wizard was deleted in another window',
  reloaded: 'This wizard was saved in another window: showing the saved version',
  savedElsewhere: 'This wizard was saved in another window while you have unsaved changes here.',
} as const;

/** The Confirm tab's summary of a wizard (issue 35), or null without counts or a readable diagram. */
function summaryOf(wizard: Wizard, counts: WizardCounts | undefined): WizardPlanSummary | null {
  const diagram = wizardDiagram(wizard);
  return diagram && counts ? summarizeWizard(diagram, wizard, counts) : null;
}

/** Props of {@link WizardEditor}. */
export interface WizardEditorProps {
  mode: EditorMode;
  initial: Wizard;
  /** The campaign being duplicated (/duplicatecampaign/:cid). */
  sourceCampaignId: number | null;
}

/**
 * The wizard editor (spec 2 §2 "Wizard editor", §4 "Wizard"): the nine tabs over one wizard,
 * Save Wizard (not on the campaign routes) and Create Campaign. Create checks the tabs in the
 * spec's order with the shared step schemas (checkWizard) and stops at the first failing tab and
 * tier; the server checks the same and its field errors land on the same fields.
 */
export function WizardEditor({ mode, initial, sourceCampaignId }: WizardEditorProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveWizard = useSaveWizard();
  const createCampaign = useCreateCampaign();

  const [wizard, setWizard] = useState(initial);
  const latest = useRef(initial);
  const [saved, setSaved] = useState(initial);
  const [serverProblems, setServerProblems] = useState<readonly WizardProblem[]>([]);
  const update = useCallback((change: (wizard: Wizard) => Wizard) => {
    const next = change(latest.current);
    latest.current = next;
    setWizard(next);
    setServerProblems([]);
  }, []);
  // A keystroke still inside its debounce counts as a change too.
  const [typing, setTyping] = useState(false);
  const markTyping = useCallback(() => setTyping(true), []);
  const dirty = wizard !== saved || typing;
  const { markSaved } = useUnsavedChangesGuard(dirty);

  // The wizard changed in another window: follow it, and never drop this window's edits silently.
  const [savedElsewhere, setSavedElsewhere] = useState<Wizard | null>(null);
  /** The editor now shows `next` as saved (no unsaved changes). */
  const adopt = useCallback((next: Wizard) => {
    latest.current = next;
    setWizard(next);
    setSaved(next);
    setTyping(false);
    setSavedElsewhere(null);
  }, []);
  /** The wizard was renamed elsewhere: the name follows, edits here stay. */
  const followRename = (newName: string) => {
    const current = latest.current;
    if (current.name === newName) return;
    message.info({ content: <span data-testid="wizard-live-toast">{WIZARD_LIVE_TEXT.renamed(newName)}</span> });
    if (current === saved) {
      adopt({ ...current, name: newName });
      return;
    }
    // Unsaved edits stay; the name follows unless this window changed it too.
    if (current.name === saved.name) update((w) => ({ ...w, name: newName }));
    setSaved((old) => ({ ...old, name: newName }));
  };
  /** The wizard as stored now (`fresh`) differs from what this window loaded or saved. */
  const followSave = (fresh: Wizard) => {
    const freshJson = stableJson(fresh);
    if (freshJson === stableJson(latest.current)) {
      if (!typing) adopt(latest.current);
      return;
    }
    if (freshJson === stableJson(saved)) return;
    if (latest.current === saved && !typing) {
      adopt(fresh);
      message.info({ content: <span data-testid="wizard-live-toast">{WIZARD_LIVE_TEXT.reloaded}</span> });
      return;
    }
    setSavedElsewhere(fresh);
  };
  const followDelete = () => {
    markSaved();
    message.warning({ content: <span data-testid="wizard-live-toast">{WIZARD_LIVE_TEXT.deleted}</span> });
    void navigate('/xwizards');
  };
  /** A stored wizard as this window would open it; a start date still unchosen keeps the default shown here. */
  const reopen = (stored: Wizard): Wizard => {
    const opened = openSavedWizard(stored);
    return stored.startDate === null ? { ...opened, startDate: saved.startDate } : opened;
  };
  const live = useWizardLive(wizard.id, {
    renamed: followRename,
    deleted: followDelete,
    savedElsewhere: () => {
      if (wizard.id === null) return;
      void loadSavedWizard(wizard.id).then((stored) => followSave(reopen(stored))).catch(() => undefined);
    },
    resync: () => {
      if (wizard.id === null) return;
      void loadSavedWizard(wizard.id).then((stored) => {
        const fresh = reopen(stored);
        // Only the name changed: said as a rename, the way the live message would have.
        if (fresh.name !== saved.name && stableJson({ ...fresh, name: saved.name }) === stableJson(saved)) followRename(fresh.name);
        else followSave(fresh);
      }, (error: unknown) => {
        if (error instanceof HttpError && error.status === 404) followDelete();
      });
    },
  });

  const countIds = wizardCountIds(wizard);
  const counts = useWizardCounts(countIds);
  const summary = useMemo(() => summaryOf(wizard, counts.data), [wizard, counts.data]);

  // The open tab lives in the address (?tab=sites): reload, Back and a shared link keep it.
  const [tab, setTab] = useUrlTab(WIZARD_TABS, 'strategy');
  const [tiers, setTiers] = useState<Partial<Record<WizardTab, number>>>({});
  const [shownTabs, setShownTabs] = useState<ReadonlySet<WizardTab>>(() => new Set());
  const [checkSerial, setCheckSerial] = useState(0);
  const requireName = requiresWizardName(mode);

  // The problems of every tab a check has failed, kept live: fixing a field clears its message.
  const problems = useMemo(
    () => [...[...shownTabs].flatMap((t) => checkWizardTab(wizard, t, requireName || wizard.saveWizard)), ...serverProblems],
    [wizard, shownTabs, requireName, serverProblems],
  );
  const errors = useMemo(() => problemsByField(problems), [problems]);

  const flushes = useRef(new Set<() => void>());
  const registerFlush = useCallback((flush: () => void) => {
    flushes.current.add(flush);
    return () => void flushes.current.delete(flush);
  }, []);
  const flushAll = useCallback(() => {
    for (const flush of [...flushes.current]) flush();
  }, []);
  /** Commits every debounced field, then answers the wizard as it now is. */
  const committed = () => {
    flushAll();
    return latest.current;
  };

  const fail = (failure: WizardFailure) => {
    setShownTabs((old) => new Set([...old, failure.tab]));
    setServerProblems(failure.problems ?? []);
    setTab(failure.tab, { replace: true });
    if (failure.tier !== null) setTiers((old) => ({ ...old, [failure.tab]: failure.tier }));
    setCheckSerial((n) => n + 1);
    message.error({ content: <span data-testid="wizard-toast">{failure.toast}</span> });
  };

  const handleSave = async () => {
    const current = committed();
    const nameProblems = checkWizardTab(current, 'confirm', true).filter((p) => p.field === 'name');
    if (nameProblems.length > 0) {
      fail({ tab: 'confirm', tier: null, toast: WIZARD_MESSAGES.fixedProblems });
      return;
    }
    const failed = current.id === null ? () => undefined : live.ownSave();
    const { id } = await saveWizard.mutateAsync(current).catch((error: unknown) => {
      failed();
      throw error;
    });
    markSaved();
    setSavedElsewhere(null);
    setSaved(current);
    setTyping(false);
    toastDone(`Successfully ${WIZARD_MESSAGES.saved}`);
    queryClient.removeQueries({ queryKey: wizardKeys.wizard(id) });
    void queryClient.invalidateQueries({ queryKey: wizardKeys.list });
    // The saved wizard's own route, on the same tab.
    if (current.id === null) void navigate(`/xwizard/${id}${tabSearch(tab)}`, { replace: true });
  };

  const handleCreate = async () => {
    const current = committed();
    const check = checkWizard(current, { requireWizardName: requireName });
    if (!check.ok) {
      fail(check);
      return;
    }
    // What the Confirm tab calls a blocker stops here, on fresh counts (the server refuses the same, issue 35).
    const checked = summaryOf(current, (await fetchWizardCounts(queryClient, wizardCountIds(current))) ?? undefined);
    const blockers = checked && wizardBlockers(checked);
    if (blockers) {
      fail(blockers);
      return;
    }
    // On a wizard route the wizard is saved too; on the campaign routes when 'Also create wizard' is ticked.
    const alsoSave = isCampaignRoute(mode) ? current.saveWizard : true;
    const outcome = await createCampaign.mutateAsync({ saveWizard: alsoSave, wizard: { ...current, saveWizard: alsoSave }, sourceCampaignId });
    if (!outcome.ok) {
      const failure = failureOfAnswer(outcome.body);
      if (failure) fail(failure);
      return;
    }
    markSaved();
    // Stale, not refetched here: this screen closes now, and a list fetch cut off by the navigation
    // would read as a failure (issue 35: no error toast after a successful create).
    void queryClient.invalidateQueries({ queryKey: wizardKeys.all, refetchType: 'none' });
    void navigate(`/campaign/${outcome.campaignId}`);
  };

  const context = useMemo<WizardEditorContextValue>(() => {
    const problemTiers = (t: WizardTab) => tiersWithProblems(problems, t);
    return {
      mode, wizard, update, errors, checkSerial, registerFlush, flushAll, markTyping, problemTiers,
      activeTier: (t) => tiers[t] ?? 1,
      setActiveTier: (t, tier) => setTiers((old) => ({ ...old, [t]: tier })),
      summary, summaryLoading: counts.isFetching,
      openTab: (t, tier) => {
        setTab(t);
        if (tier !== undefined && tier !== null) setTiers((old) => ({ ...old, [t]: tier }));
      },
    };
  }, [mode, wizard, update, errors, checkSerial, registerFlush, flushAll, markTyping, problems, tiers, summary, counts.isFetching, setTab]);

  const name = wizard.name.trim() || wizard.campaignName.trim() || 'New wizard';
  const failingTabs = new Set(problems.map((p) => p.tab));
  return (
    <WizardEditorContext.Provider value={context}>
      <div data-testid="wizard-editor" data-mode={mode}>
        <PageHeader
          title={`Wizard: ${name}`}
          documentTitle={campaignScreenTitle(mode, wizard) ?? `Wizard: ${name}`}
          breadcrumbs={[{ title: 'Wizards', to: '/xwizards' }, { title: `Wizard: ${name}` }]}
          extra={(
            <Space>
              {!isCampaignRoute(mode) && (
                <Button icon={<SaveOutlined />} loading={saveWizard.isPending} onClick={() => void handleSave().catch(() => undefined)} data-testid="save-wizard">
                  Save Wizard
                </Button>
              )}
              <Button type="primary" icon={<RocketOutlined />} loading={createCampaign.isPending} onClick={() => void handleCreate().catch(() => undefined)} data-testid="create-campaign">
                Create Campaign
              </Button>
            </Space>
          )}
        />
        {savedElsewhere && (
          <Alert
            type="warning" showIcon data-testid="wizard-saved-elsewhere" style={{ marginBottom: 12 }}
            message={WIZARD_LIVE_TEXT.savedElsewhere}
            description="Reload shows the saved version and drops your changes here; Keep mine keeps editing (saving then replaces the other version)."
            action={(
              <Space direction="vertical">
                <Button size="small" danger onClick={() => adopt(savedElsewhere)} data-testid="wizard-reload-saved">Reload</Button>
                <Button size="small" onClick={() => { setSaved(savedElsewhere); setSavedElsewhere(null); }} data-testid="wizard-keep-mine">Keep mine</Button>
              </Space>
            )}
          />
        )}
        <Tabs
          activeKey={tab} onChange={(key) => setTab(key)} data-testid="wizard-tabs"
          items={WIZARD_TABS.map((key) => ({
            key,
            label: <span data-testid={`wizard-tab-${key}`} style={failingTabs.has(key) ? { color: 'var(--ant-color-error)' } : undefined}>{TABS[key].label}</span>,
            children: TABS[key].render(),
          }))}
        />
      </div>
    </WizardEditorContext.Provider>
  );
}
