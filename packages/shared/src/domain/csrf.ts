const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a call changes state and so must carry the X-XSRF-TOKEN header: every write, plus the
 * spec's GET /action/* calls and GET /api/logout. The server enforces it; the web client follows it.
 */
export function changesState(method: string, url: string): boolean {
  if (!SAFE_METHODS.has(method.toUpperCase())) return true;
  const path = url.split(/[?#]/)[0] ?? '';
  return method.toUpperCase() === 'GET' && (path.startsWith('/action/') || path === '/api/logout');
}
