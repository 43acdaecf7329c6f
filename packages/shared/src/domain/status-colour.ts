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
