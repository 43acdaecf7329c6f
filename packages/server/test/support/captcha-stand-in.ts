import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

/**
 * A local stand-in for the captcha providers' balance calls, following their documentation (the
 * clients' docUrl): Anti-Captcha's and 2Captcha's JSON getBalance, DeathByCaptcha's /api/user and
 * ImageTypers' RequestBalance.ashx. Keys and logins pick the answer: `good` a balance, `low` a
 * balance under 1, `slow` no answer at all, anything else a refused key or login.
 */
export interface CaptchaStandIn {
  url: string;
  requests: () => string[];
  close(): Promise<void>;
}


export async function startCaptchaStandIn(port = 0): Promise<CaptchaStandIn> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    void readRequestBody(request).then((body) => {
      requests.push(`${request.method} ${request.url}`);
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.method === 'POST' && request.url === '/getBalance') {
        const { clientKey } = JSON.parse(body) as { clientKey?: string };
        if (clientKey === 'slow') return;
        if (clientKey === 'good') return json(200, { errorId: 0, balance: 12.3456, captchaCredits: 85000 });
        if (clientKey === 'low') return json(200, { errorId: 0, balance: 0.42 });
        return json(200, { errorId: 1, errorCode: 'ERROR_KEY_DOES_NOT_EXIST', errorDescription: 'Account authorization key not found in the system' });
      }
      const form = new URLSearchParams(body);
      const who = form.get('password') === 'pw' ? form.get('username') : 'refused';
      if (who === 'slow') return;
      if (request.method === 'POST' && request.url === '/api/user') {
        if (who === 'good') return json(200, { user: 7, rate: 0.139, balance: 1250.5, is_banned: false });
        if (who === 'low') return json(200, { user: 8, rate: 0.139, balance: 42, is_banned: false });
        return response.writeHead(403).end();
      }
      if (request.method === 'POST' && request.url === '/Forms/RequestBalance.ashx' && form.get('action') === 'REQUESTBALANCE') {
        if (who === 'good') return response.writeHead(200).end('8.8495');
        if (who === 'low') return response.writeHead(200).end('0.5');
        return response.writeHead(200).end('ERROR: AUTHENTICATION_FAILED');
      }
      return response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests: () => requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
