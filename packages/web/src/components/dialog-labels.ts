/**
 * The words of every dialog button, one per act, so the same act reads the same everywhere
 * (issue 11.3): a new thing is created, a changed one saved, lines or files imported.
 */
export const DIALOG_LABELS = {
  /** A new campaign, project, link, account, token, group … */
  create: 'Create',
  /** Changes to something that exists: rename, edit, settings, schedule. */
  save: 'Save',
  duplicate: 'Duplicate',
  /** Lines of text, a file or another list's rows brought in. */
  import: 'Import',
  delete: 'Delete',
  revoke: 'Revoke',
  cancel: 'Cancel',
  /** Closes a dialog whose work has finished (uploads, a shown secret). */
  done: 'Done',
  leave: 'Leave',
  stay: 'Stay',
} as const;

/** An act a dialog's OK button performs. */
export type DialogAct = keyof typeof DIALOG_LABELS;
