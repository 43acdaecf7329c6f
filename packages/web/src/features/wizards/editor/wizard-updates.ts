import type { Wizard, WizardProject } from '@linkloom/shared';

type TierKey = 'tierSiteSelection' | 'linksAndKeywords' | 'content' | 'indexer';

/** A change of one tier's settings (tier 1 is index 0). */
export function patchTier<K extends TierKey>(key: K, tier: number, patch: Partial<Wizard[K][number]>) {
  return (wizard: Wizard): Wizard => ({
    ...wizard,
    [key]: wizard[key].map((value, i) => (i === tier - 1 ? { ...value, ...patch } : value)),
  });
}

/** A change of one Accounts project (by its index in `projects`). */
export function patchProject(index: number, patch: Partial<WizardProject>) {
  return (wizard: Wizard): Wizard => ({
    ...wizard,
    projects: wizard.projects.map((project, i) => (i === index ? { ...project, ...patch } : project)),
  });
}

/** A change of the wizard's own fields. */
export function patchWizard(patch: Partial<Wizard>) {
  return (wizard: Wizard): Wizard => ({ ...wizard, ...patch });
}
