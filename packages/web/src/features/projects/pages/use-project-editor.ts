import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { App, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  ERROR_TOAST_SECONDS, PROJECT_FORM_MESSAGES,
  type FormProblem, type NamedCount, type ProjectScreen, type SiteRow,
} from '@linkloom/shared';
import { useLiveTopic } from '@/lib/use-live-topic';
import { toastFailure } from '@/lib/action-feedback';
import { refetchReadBefore, writeLiveChange } from '@/lib/live-cache';
import { debounce } from '@/lib/debounce';
import { sessionUuid } from '@/lib/session-uuid';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes-guard';
import { useUrlTab } from '@/lib/use-url-state';
import { projectKeys } from '../api/project-keys';
import { fetchCampaignProfiles, fetchPrivateNetworkSites, useSaveProject } from '../api/project-screen-api';

/** What differs between the four project screens for editing and saving. */
export interface ProjectKindRules {
  /** The form's field names (the keys of the kind's form schema). */
  fields: readonly string[];
  /** Every rule in save order (spec 1 §5), on the raw form values and the number of checked sites. */
  validate: (values: unknown, checkedSites: number) => FormProblem[];
  /** The rules the schedule dialog needs first (content projects: general and image tabs, a site). */
  beforeSchedule?: (values: unknown, checkedSites: number) => FormProblem[];
  /** Toast when a save is refused on the client (spec 1 §5). */
  fixMessage: string;
  /** The form values a save sends (coerced to the schema shape). */
  toBody: (values: unknown) => Record<string, unknown>;
}

type Screen = ProjectScreen;

/** Spec 1 §4, §9: verification progress is debounced 200 ms. */
const VERIFICATION_DEBOUNCE_MS = 200;

function formValuesOf(screen: Screen, fields: readonly string[]): Record<string, unknown> {
  const project = screen.project as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, project[field]]));
}

function checkedKeys(sites: readonly SiteRow[]): Set<string> {
  return new Set(sites.filter((site) => site.checked).map((site) => site.key));
}

interface Backup {
  values: Record<string, unknown>;
  sites: SiteRow[];
  checked: Set<string>;
  profiles: NamedCount[];
}

/**
 * The state behind a project screen (spec 1 §4 "Project editing"): read-only until Edit; Edit backs
 * up the form, sites, selection and profiles; Cancel restores them; Save checks the tabs in order
 * and opens the first failing one, then saves and leaves edit mode. Live messages keep the status
 * and sites current; a save from another session reloads the screen (or, while this tab has
 * unsaved edits, offers to). `tabs` are the screen's tab keys, the first one opening by default;
 * the open tab lives in the address (`?tab=`), so reload, Back and a shared link keep it.
 */
export function useProjectEditor<S extends Screen>(id: number, screen: S | undefined, rules: ProjectKindRules, tabs: readonly [string, ...string[]]) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useSaveProject(id);
  const [editing, setEditing] = useState(false);
  const [sites, setSites] = useState<SiteRow[]>([]);
  const [checked, setCheckedState] = useState<Set<string>>(new Set());
  // Edits since Edit: leaving the screen (a link, Back, the address bar, closing the tab) asks first.
  const [touched, setTouched] = useState(false);
  const { markSaved } = useUnsavedChangesGuard(editing && touched);
  const [profiles, setProfiles] = useState<NamedCount[]>([]);
  const [activeTab, setActiveTab] = useUrlTab(tabs, tabs[0]);
  const [showSelectionError, setShowSelectionError] = useState(false);
  const [savedElsewhere, setSavedElsewhere] = useState(false);
  const [sitesLoading, setSitesLoading] = useState(false);
  const backup = useRef<Backup | null>(null);
  const fields = rules.fields;

  // The screen as loaded (or saved, or refetched) is what a read-only page shows: its sites,
  // selection and profiles are taken over while rendering (React's "adjust state on a prop change").
  const [shownScreen, setShownScreen] = useState<S | undefined>(undefined);
  if (screen && screen !== shownScreen && !editing) {
    setShownScreen(screen);
    setSites(screen.sites);
    setCheckedState(checkedKeys(screen.sites));
    setProfiles('profiles' in screen ? screen.profiles : []);
  }
  /** A site ticked or unticked by the user. */
  const setChecked = useCallback((next: SetStateAction<Set<string>>) => {
    setCheckedState(next);
    setTouched(true);
  }, []);
  /** For the form's onValuesChange: a field edited by the user. */
  const markChanged = useCallback(() => setTouched(true), []);
  // The form is outside React's state: it follows in an effect.
  useEffect(() => {
    if (screen && !editing) form.setFieldsValue(formValuesOf(screen, fields));
  }, [screen, editing, form, fields]);

  // Verification progress arrives often while mail is read: the screen follows at most every 200 ms.
  const [showVerification] = useState(() => debounce((status: string | null) => {
    writeLiveChange<Screen>(queryClient, projectKeys.screen(id), (old) => (old.kind === 'acproject'
      ? { ...old, project: { ...old.project, verificationInfo: { ...old.project.verificationInfo, status } } }
      : old));
  }, VERIFICATION_DEBOUNCE_MS));
  useEffect(() => () => showVerification.cancel(), [showVerification]);

  useLiveTopic(`project/${id}`, (live) => {
    switch (live.name) {
      case 'projectStatusChanged': {
        const { status, lastError, schedule } = live.payload;
        writeLiveChange<Screen>(queryClient, projectKeys.screen(id), (old) => ({ ...old, project: { ...old.project, status, lastError, schedule } } as Screen));
        break;
      }
      case 'siteStatusChanged': {
        const changes = new Map(live.payload.sites.map((site) => [site.key, site]));
        const patch = (rows: SiteRow[]) => rows.map((row) => {
          const change = changes.get(row.key);
          return change ? { ...row, status: change.status, waitInfo: change.waitInfo } : row;
        });
        writeLiveChange<Screen>(queryClient, projectKeys.screen(id), (old) => ({ ...old, sites: patch(old.sites) } as Screen));
        setSites((rows) => patch(rows));
        break;
      }
      case 'verificationProgressed':
        showVerification(live.payload.status);
        break;
      case 'projectSaved':
        if (live.payload.sessionUuid === sessionUuid()) break;
        if (editing) setSavedElsewhere(true);
        else {
          void queryClient.invalidateQueries({ queryKey: projectKeys.screen(id) });
          message.info('This project was saved in another window; the page now shows that version.');
        }
        break;
      default:
        break;
    }
  }, (confirmedAt) => refetchReadBefore(queryClient, [projectKeys.screen(id)], confirmedAt));

  const startEdit = useCallback(() => {
    backup.current = { values: form.getFieldsValue(true) as Record<string, unknown>, sites, checked: new Set(checked), profiles };
    setTouched(false);
    setEditing(true);
  }, [form, sites, checked, profiles]);

  const cancel = useCallback(() => {
    const saved = backup.current;
    if (saved) {
      form.resetFields();
      form.setFieldsValue(saved.values);
      setSites(saved.sites);
      setCheckedState(saved.checked);
      setProfiles(saved.profiles);
    }
    backup.current = null;
    setShowSelectionError(false);
    setTouched(false);
    setEditing(false);
  }, [form]);

  /** Shows the first problem's tab and every field's message. */
  const showProblems = useCallback((problems: FormProblem[], toast: string) => {
    const first = problems[0];
    if (!first) return;
    // Opened for the user, not by them: no history entry of its own.
    setActiveTab(first.tab, { replace: true });
    setShowSelectionError(problems.some((problem) => problem.tab === 'sites'));
    // Lets every Form.Item run its rule, so each message shows under its field.
    void form.validateFields({ recursive: true }).catch(() => undefined);
    void message.error(toast, toast === PROJECT_FORM_MESSAGES.fixAllErrors ? 5 : ERROR_TOAST_SECONDS);
  }, [form, message, setActiveTab]);

  const submit = useCallback(async () => {
    const values: unknown = form.getFieldsValue(true);
    const problems = rules.validate(values, checked.size);
    if (problems.length > 0) {
      showProblems(problems, rules.fixMessage);
      return;
    }
    const kind = screen?.kind;
    if (!kind) return;
    try {
      await save.mutateAsync({
        kind,
        project: { id, ...rules.toBody(values) },
        sites: sites.map((site) => ({ id: site.id, checked: checked.has(site.key) })),
      });
    } catch (error) {
      // One toast: the spec's title on the HTTP client's (a 422 lists every message); the edits stay on screen.
      toastFailure(PROJECT_FORM_MESSAGES.saveFailed, error);
      return;
    }
    markSaved();
    backup.current = null;
    setTouched(false);
    setEditing(false);
    setSavedElsewhere(false);
    void message.success('Project saved');
  }, [form, rules, checked, sites, screen?.kind, id, save, showProblems, message, markSaved]);

  const beforeSchedule = useCallback(() => {
    if (!rules.beforeSchedule) return true;
    const problems = rules.beforeSchedule(form.getFieldsValue(true), checked.size);
    if (problems.length === 0) return true;
    showProblems(problems, PROJECT_FORM_MESSAGES.fixProblems);
    return false;
  }, [rules, form, checked.size, showProblems]);

  /** Posting projects: another campaign's profiles replace the list and the chosen profile is cleared. */
  const changeCampaign = useCallback(async (campaignId: number) => {
    form.setFieldValue('profileId', null);
    setProfiles(await fetchCampaignProfiles(campaignId));
  }, [form]);

  /** Private projects: the chosen network's sites replace the grid. */
  const changePrivateNetwork = useCallback(async (networkId: number) => {
    setSitesLoading(true);
    try {
      const answer = await fetchPrivateNetworkSites(id, networkId);
      setSites(answer.sites);
      setCheckedState(checkedKeys(answer.sites));
    } finally {
      setSitesLoading(false);
    }
  }, [id]);

  const reloadSavedVersion = useCallback(() => {
    backup.current = null;
    setTouched(false);
    setEditing(false);
    setSavedElsewhere(false);
    void queryClient.invalidateQueries({ queryKey: projectKeys.screen(id) });
  }, [queryClient, id]);

  return {
    form, editing, saving: save.isPending, sites, checked, setChecked, profiles, activeTab, setActiveTab,
    // The Sites message goes away as soon as a site is ticked.
    showSelectionError: showSelectionError && checked.size === 0, savedElsewhere, sitesLoading,
    dirty: editing && touched, markChanged,
    startEdit, cancel, submit, beforeSchedule, changeCampaign, changePrivateNetwork, reloadSavedVersion,
  };
}

export type ProjectEditor = ReturnType<typeof useProjectEditor>;
