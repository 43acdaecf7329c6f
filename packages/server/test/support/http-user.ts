import { XSRF_COOKIE, XSRF_HEADER } from '@linkloom/shared';

/** A browser-like HTTP client of a server process: session and XSRF cookies, the XSRF header. */
export async function httpUser(baseUrl: string, username: string, password: string) {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
  };
  const request = async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xsrf = cookies.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    keep(response);
    return response;
  };
  await request('GET', '/public/api/app-info');
  const login = await request('POST', '/public/api/login/account', { username, password, type: 'account' });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return { request };
}

