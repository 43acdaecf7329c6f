/** Texts the spec gives for uploads and downloads shared by several screens (spec 1 §8, spec 3 §8). */
export const UPLOAD_MESSAGES = {
  /** '{file} file uploaded successfully' (spec 1); the content screens add a period (spec 3). */
  uploaded: (file: string, period = false) => `${file} file uploaded successfully${period ? '.' : ''}`,
  failed: (file: string) => `${file} file upload failed.`,
  tooLarge: (limitMb: number) => `The file is larger than the ${limitMb} MB upload limit`,
  noFile: 'Choose a file to upload (form field "file")',
  /** A multipart body cut short, or whose parts do not carry the boundary its Content-Type names. */
  malformed: 'The upload is incomplete or not valid multipart/form-data (cut short, or its boundary does not match): nothing was imported. Please upload the file again',
} as const;

/** Dialog titles and confirmations shared by list screens. */
export const COMMON_MESSAGES = {
  confirmDeleteSelected: 'Do you want to delete the selected items?',
  errorDialogTitle: 'Error',
  unknownError: 'Unknown error',
} as const;

/**
 * Why a control is disabled and, where it can, what to do (issue 39.2): the tooltip every
 * disabled control shows, written once so the same situation reads the same on every screen.
 */
export const DISABLED_REASONS = {
  /** A Delete of a list whose rows are chosen with checkboxes (campaigns, networks, mailboxes…). */
  selectToDelete: 'Select one or more rows to delete',
  selectToDownload: 'Select one or more rows to download',
  selectArticlesForAuthor: 'Select one or more articles to set their author',
  selectSitesForPremium: 'Select one or more sites to flag or unflag them as premium',
  selectOneMailbox: 'Select one mailbox to test',
  noCustomSitesToExport: 'There are no custom sites to export yet: add or import some first',
  stillLoading: 'Still loading: wait a moment',
  /** A dialog's button while another of its actions runs (its spinner shows which). */
  waitFor: (action: string) => `Wait for ${action} to finish`,
  /** A project screen's controls outside edit mode. */
  pressEdit: 'Press Edit to change this project\'s settings',
  /** A setting that is only used when a box above it is ticked (the captcha options). */
  tickFirst: (box: string) => `Tick "${box}" first`,
  chooseServiceFirst: 'Choose a service first',
  fillCredentialsFirst: 'Fill in the credentials above first',
  noRowsToDownload: 'No rows to download',
  noUnreadAlerts: 'No unread alerts',
  nothingToUndo: 'Nothing to undo',
  nothingToRedo: 'Nothing to redo',
  zoomedOutFully: 'Already zoomed out as far as it goes',
  zoomedInFully: 'Already zoomed in as far as it goes',
  builtInDiagram: 'A built-in diagram cannot be deleted: clone it to make one of your own',
  /** A diagram opened view-only. */
  viewOnly: 'This diagram is view-only',
  articleUnchanged: 'Nothing to save: the article has not been changed',
  projectTypeFixed: 'A project\'s type is chosen when it is added and cannot be changed',
  noSites: 'There are no sites to filter yet',
  checkRunning: 'A check is running: wait for it to finish',
  selectToCheck: 'Select one or more links to check',
  chooseToView: 'Choose one first to view it',
  allLinkSetsUsed: 'Every link set of the campaign is already used',
  noLinkSets: 'The campaign has no link sets yet: add one on the campaign screen',
  proxyStopping: 'The proxy check is stopping: wait for it to finish',
} as const;
