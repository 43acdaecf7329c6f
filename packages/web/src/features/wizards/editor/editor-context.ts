import { createContext, useContext } from 'react';
import type { Wizard, WizardPlanSummary, WizardTab } from '@linkloom/shared';
import type { EditorMode } from './wizard-model';

/** What every tab reads and changes: the wizard, its visible problems and the active tiers. */
export interface WizardEditorContextValue {
  mode: EditorMode;
  wizard: Wizard;
  /** Changes the wizard (the latest one, even within one event: see useWizardDraft). */
  update: (change: (wizard: Wizard) => Wizard) => void;
  /** Field path → message of the tabs whose problems are shown. */
  errors: ReadonlyMap<string, string>;
  /** Tier tabs holding problems, per tab. */
  problemTiers: (tab: WizardTab) => ReadonlySet<number>;
  /** The active tier of a tiered tab (1 when never chosen). */
  activeTier: (tab: WizardTab) => number;
  setActiveTier: (tab: WizardTab, tier: number) => void;
  /** Counts failed checks: a tab opens its first failing part when it changes. */
  checkSerial: number;
  /** A debounced field got a keystroke not yet in the wizard: leaving asks first already. */
  markTyping: () => void;
  /** Commits every debounced field now (before a change that moves or drops what they edit). */
  flushAll: () => void;
  /** Debounced fields register how to commit at once; Save and Create commit them first. */
  registerFlush: (flush: () => void) => () => void;
  /** What Create Campaign would commit to, weighed against the user's counts (issue 35); null until the counts arrive. */
  summary: WizardPlanSummary | null;
  /** True while the counts are read again (the Confirm tab says so). */
  summaryLoading: boolean;
  /** Opens a tab of the editor (and a tier of it): the Confirm tab's fixes. */
  openTab: (tab: WizardTab, tier?: number | null) => void;
}

export const WizardEditorContext = createContext<WizardEditorContextValue | null>(null);

export function useWizardEditor(): WizardEditorContextValue {
  const value = useContext(WizardEditorContext);
  if (value === null) throw new Error('useWizardEditor outside the wizard editor');
  return value;
}
