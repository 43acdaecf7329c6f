/** Section 8 of the first spec document: what each HTTP status means to a user. */
export const STATUS_TEXTS: Readonly<Record<number, string>> = {
  200: 'responded',
  201: 'created or updated',
  202: 'queued',
  204: 'deleted',
  400: 'error with no modification',
  401: 'no permission',
  403: 'forbidden',
  404: 'not exist',
  406: 'incorrect format',
  410: 'resource deleted',
  422: 'validation error',
  500: 'server error',
  502: 'gateway error',
  503: 'unavailable',
  504: 'gateway timeout',
};

/** The spec's text for a status, or the response's own status text for any other code. */
export function statusText(status: number, fallback = ''): string {
  return STATUS_TEXTS[status] ?? fallback;
}
