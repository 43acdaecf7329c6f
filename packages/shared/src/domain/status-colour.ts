/**
 * Status colours of spec 1 §4: NEW and STOPPED neutral; RUNNING, STARTING, STOPPING, downloading
 * and verifying states blue; COMPLETED purple; FAILED orange; any unknown value green.
 * Values are Ant Design preset colour names ('default' is neutral).
 */
export function statusColour(status: string): 'default' | 'blue' | 'purple' | 'orange' | 'green' {
  if (status === 'NEW' || status === 'STOPPED') return 'default';
  if (status === 'COMPLETED') return 'purple';
  if (status === 'FAILED') return 'orange';
  if (['RUNNING', 'STARTING', 'STOPPING'].includes(status) || /DOWNLOADING|VERIFYING/.test(status)) return 'blue';
  return 'green';
}

/** Words for the statuses a user meets (projects, sites, link checks, schedulers). */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  NEW: 'New',
  COMPLETED: 'Completed',
  STOPPED: 'Stopped',
  FAILED: 'Failed',
  SCHEDULED: 'Scheduled',
  STARTING: 'Starting',
  RUNNING: 'Running',
  STOPPING: 'Stopping',
  STARTING_VERIFYING: 'Starting verification',
  VERIFYING: 'Verifying',
  STOPPING_VERIFYING: 'Stopping verification',
  STARTING_DOWNLOADING: 'Starting download',
  DOWNLOADING: 'Downloading',
  STOPPING_DOWNLOADING: 'Stopping download',
  NONE: 'Not run',
  SUCCESS: 'Success',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
};

/**
 * A raw status code as words for the screen (issue 11.4): "STARTING_VERIFYING" reads "Starting
 * verification". A code this list does not know is written in words from its parts
 * ("SOME_NEW_STATE" → "Some new state"), never shown raw.
 */
export function statusWords(status: string): string {
  const known = STATUS_WORDS[status];
  if (known !== undefined) return known;
  const words = status.toLowerCase().split(/[_\s]+/).filter(Boolean).join(' ');
  return words === '' ? status : words.charAt(0).toUpperCase() + words.slice(1);
}
