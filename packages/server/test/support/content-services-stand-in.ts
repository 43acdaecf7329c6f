/**
 * One local HTTP server standing in for the spinner and article-source services LinkLoom has
 * clients for, each on its documented path (under its host name, as CONTENT_SERVICES_BASE_URL_OVERRIDE
 * sends it), fields and answers (see the clients in src/engine/spinners/ and article-sources/):
 * - The Best Spinner `POST /thebestspinner.com/api.php`, form `action`, `format=xml`: authenticate
 *   (username, password) → `<success>true</success><session>…`; replaceEveryonesFavorites (session,
 *   text, maxsyns, quality, protectedterms) → spintax in `<output>`, each word of SWAPS as a group;
 *   apiQuota (session) → `<output>` the queries left. Failures `<success>false</success><error>…`.
 * - Spin Rewriter `POST /www.spinrewriter.com/action/api`, form email_address, api_key, action:
 *   api_quota → `{status:"OK", api_requests_made, api_requests_available}`; unique_variation → the
 *   text with SWAPS applied (protected_terms kept); `{status:"ERROR", response}` otherwise.
 * - WordAI `POST /wordai.com/users/turing-api.php` (s, quality, email, pass, output=json) →
 *   `{status:"Success", text}`, and `/wordai.com/users/account-api.php` → the remaining words.
 * - Article Forge `POST /af.articleforge.com/api/{check_usage|initiate_article|get_api_progress|get_api_article_result}`
 *   with `key`: the article is ready at the second progress call.
 * - Article Builder `POST /articlebuilder.net/api.php`, `format=json`: authenticate, categories (its
 *   own category names in `output`: AB_CATEGORIES), buildArticle (category by name; an unknown one is
 *   refused), apiQuota.
 * - Kontent Machine `POST /api.kontentmachine.com/` (apikey, method=getcontent, campaignid, template)
 *   → `{status: "success", result: ["[WP-TITLE]…[/WP-TITLE]…", …]}` (two articles), or
 *   `{status: "error", message}` for a bad key, no quota or an unknown campaign.
 * - Openverse `GET /api.openverse.org/v1/images/?q=…&page_size=…` → `{result_count, results: [{url,
 *   title, creator, license, license_version, attribution}]}`: three images per keyword (one CC0,
 *   two CC BY), none for the keyword `nothing`.
 * - YouTube Data API `GET /www.googleapis.com/youtube/v3/search?part=snippet&type=video&q=…&key=…`
 *   → `{items: [{id: {kind, videoId}, snippet}]}`; key GOOD.key works, EMPTY.key is quotaExceeded
 *   (403), anything else keyInvalid (400).
 * Accounts: GOOD credentials work; EMPTY ones work with no quota left (quota errors); anything else is
 * refused (bad key); SLOW ones answer after `slowMs` (timeouts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const GOOD = { user: 'good@example.test', key: 'good-key' } as const;
export const EMPTY = { user: 'empty@example.test', key: 'empty-key' } as const;
export const SLOW = { user: 'slow@example.test', key: 'slow-key' } as const;
/** Article Builder's category names as the stand-in's `categories` answers them. */
export const AB_CATEGORIES = ['Acne', 'Dog training', 'Gardening', 'Weight loss'] as const;
/** What every stand-in spinner changes: word → replacement. */
export const SWAPS: Readonly<Record<string, string>> = { quick: 'fast', happy: 'glad', garden: 'yard' };

export interface ContentServicesStandIn {
  url: string;
  requests: { path: string; fields: Record<string, string> }[];
  slowMs: number;
  close(): Promise<void>;
}

function readForm(request: http.IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))));
    request.on('error', reject);
  });
}

type Account = 'good' | 'empty' | 'slow' | 'bad';
function account(user: string | undefined, key: string | undefined): Account {
  if (user === GOOD.user && key === GOOD.key) return 'good';
  if (user === EMPTY.user && key === EMPTY.key) return 'empty';
  if (user === SLOW.user && key === SLOW.key) return 'slow';
  return 'bad';
}
const keyAccount = (key: string | undefined): Account => (key === GOOD.key ? 'good' : key === EMPTY.key ? 'empty' : key === SLOW.key ? 'slow' : 'bad');

function swap(text: string, keep: readonly string[], spintax: boolean): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const to = SWAPS[word.toLowerCase()];
    if (!to || keep.some((k) => k.toLowerCase() === word.toLowerCase())) return word;
    return spintax ? `{${word}|${to}}` : to;
  });
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sessions of the session-based services: id → account. */
const sessions = new Map<string, Account>();

function answerFor(path: string, f: Record<string, string>): { body: string; account: Account; status?: number } {
  if (path === '/thebestspinner.com/api.php' || path === '/articlebuilder.net/api.php') {
    const tbs = path.startsWith('/thebestspinner');
    const ok = (output: string) => (tbs ? `<response><success>true</success><output>${xmlEscape(output)}</output></response>` : JSON.stringify({ success: 'true', output }));
    const fail = (error: string) => (tbs ? `<response><success>false</success><error>${xmlEscape(error)}</error></response>` : JSON.stringify({ success: 'false', error }));
    if (f.action === 'authenticate') {
      const who = account(f.username, f.password);
      if (who === 'bad') return { body: fail('Authentication failed: wrong username or password'), account: who };
      const id = `s${sessions.size + 1}`;
      sessions.set(id, who);
      return { body: tbs ? `<response><success>true</success><session>${id}</session></response>` : JSON.stringify({ success: 'true', session: id }), account: who };
    }
    const who = sessions.get(f.session ?? '') ?? 'bad';
    if (who === 'bad') return { body: fail('Invalid session'), account: who };
    if (f.action === 'apiQuota') return { body: ok(who === 'empty' ? '0' : '250'), account: who };
    if (!tbs && f.action === 'categories') return { body: JSON.stringify({ success: 'true', output: AB_CATEGORIES }), account: who };
    if (who === 'empty') return { body: fail('Daily quota exceeded'), account: who };
    if (tbs && f.action === 'replaceEveryonesFavorites') return { body: ok(swap(f.text ?? '', (f.protectedterms ?? '').split(','), true)), account: who };
    if (!tbs && f.action === 'buildArticle') {
      if (!(AB_CATEGORIES as readonly string[]).includes(f.category ?? '')) return { body: fail(`Unknown category ${f.category}`), account: who };
      const topics = (f.subtopics ?? '').split('\n').filter(Boolean);
      return { body: ok(`${f.category} guide\nThis article about ${f.category} covers ${topics.join(' and ')} in about ${f.wordcount} words.`), account: who };
    }
    return { body: fail(`Unknown action ${f.action}`), account: who };
  }
  if (path === '/www.spinrewriter.com/action/api') {
    const who = account(f.email_address, f.api_key);
    if (who === 'bad') return { body: JSON.stringify({ status: 'ERROR', response: 'Authentication failed. Unique API key is not valid for this user.' }), account: who };
    if (f.action === 'api_quota') return { body: JSON.stringify({ status: 'OK', response: 'quota', api_requests_made: 3, api_requests_available: who === 'empty' ? 0 : 97 }), account: who };
    if (who === 'empty') return { body: JSON.stringify({ status: 'ERROR', response: 'You have reached your API quota for the past 24 hours.' }), account: who };
    return { body: JSON.stringify({ status: 'OK', response: swap(f.text ?? '', (f.protected_terms ?? '').split('\n'), false) }), account: who };
  }
  if (path === '/wordai.com/users/turing-api.php' || path === '/wordai.com/users/account-api.php') {
    const who = account(f.email, f.pass);
    if (who === 'bad') return { body: JSON.stringify({ status: 'Failure', error: 'Error Authenticating. Please check your email and API key.' }), account: who };
    if (path.endsWith('account-api.php')) return { body: JSON.stringify({ status: 'Success', 'Turing Limit': 100_000, 'Turing Remaining': who === 'empty' ? 0 : 99_000 }), account: who };
    if (who === 'empty') return { body: JSON.stringify({ status: 'Failure', error: 'You have reached your monthly word limit.' }), account: who };
    return { body: JSON.stringify({ status: 'Success', text: swap(f.s ?? '', [], f.returnspin !== 'true') }), account: who };
  }
  if (path === '/api.kontentmachine.com/') {
    const who = keyAccount(f.apikey);
    if (who === 'bad') return { body: JSON.stringify({ status: 'error', message: 'Invalid API key' }), account: who };
    if (who === 'empty') return { body: JSON.stringify({ status: 'error', message: 'Daily API quota limit reached' }), account: who };
    if (f.method !== 'getcontent' || !/^\d+$/.test(f.campaignid ?? '')) return { body: JSON.stringify({ status: 'error', message: 'Unknown campaign' }), account: who };
    const result = [1, 2].map((n) => `[WP-TITLE]Campaign ${f.campaignid} article ${n}[/WP-TITLE]<p>Article ${n} of campaign ${f.campaignid} (template ${f.template || 'default'}).</p>`);
    return { body: JSON.stringify({ status: 'success', result }), account: who };
  }
  if (path === '/api.openverse.org/v1/images/') {
    const q = f.q ?? '';
    const results = q === 'nothing' ? [] : [1, 2, 3].map((n) => ({
      id: `img-${n}`, title: `${q} ${n}`, url: `${standInOrigin}/images/${encodeURIComponent(q)}-${n}.jpg`, creator: `Photographer ${n}`,
      license: n === 1 ? 'cc0' : 'by', license_version: n === 1 ? '1.0' : '2.0',
      attribution: `"${q} ${n}" by Photographer ${n} is licensed under ${n === 1 ? 'CC0 1.0' : 'CC BY 2.0'}.`,
    }));
    return { body: JSON.stringify({ result_count: results.length, page_count: 1, results }), account: 'good' };
  }
  if (path === '/www.googleapis.com/youtube/v3/search') {
    if (f.key === GOOD.key) {
      const items = f.q === 'nothing' ? [] : ['dQw4w9WgXcQ', 'M7lc1UVf-VE'].map((videoId) => ({ kind: 'youtube#searchResult', id: { kind: 'youtube#video', videoId }, snippet: { title: `${f.q} video` } }));
      return { body: JSON.stringify({ kind: 'youtube#searchListResponse', items }), account: 'good' };
    }
    const quota = f.key === EMPTY.key;
    return {
      body: JSON.stringify({ error: { code: quota ? 403 : 400, message: quota ? 'The request cannot be completed because you have exceeded your quota.' : 'API key not valid. Please pass a valid API key.', errors: [{ reason: quota ? 'quotaExceeded' : 'keyInvalid' }] } }),
      account: 'good', status: quota ? 403 : 400,
    };
  }
  if (path.startsWith('/af.articleforge.com/api/')) {
    const call = path.slice('/af.articleforge.com/api/'.length);
    const who = keyAccount(f.key);
    if (who === 'bad') return { body: JSON.stringify({ status: 'Fail', error_message: 'Invalid API key' }), account: who };
    if (call === 'check_usage') return { body: JSON.stringify({ status: 'Success', 'API Requests': 4, 'Words remaining': who === 'empty' ? 0 : 120_000 }), account: who };
    if (who === 'empty') return { body: JSON.stringify({ status: 'Fail', error_message: 'You have used all your words for this month' }), account: who };
    if (call === 'initiate_article') return { body: JSON.stringify({ status: 'Success', ref_key: `ref-${f.keyword}-${f.length}` }), account: who };
    if (call === 'get_api_progress') {
      const asked = progressCalls.get(f.ref_key ?? '') ?? 0;
      progressCalls.set(f.ref_key ?? '', asked + 1);
      return { body: JSON.stringify(asked >= 1 ? { status: 'Success', api_status: 201, progress: 1 } : { status: 'Success', api_status: 0, progress: 0.5 }), account: who };
    }
    if (call === 'get_api_article_result') {
      const keyword = (f.ref_key ?? '').replace(/^ref-/, '').replace(/-[a-z_]+$/, '');
      return { body: JSON.stringify({ status: 'Success', article: `<h1>All about ${keyword}</h1>\n<p>${keyword} is a topic many readers ask about.</p>` }), account: who };
    }
  }
  return { body: 'not found', account: 'bad' };
}
const progressCalls = new Map<string, number>();
/** The stand-in's own origin (found images point at it). */
let standInOrigin = '';

export async function startContentServicesStandIn(): Promise<ContentServicesStandIn> {
  const requests: ContentServicesStandIn['requests'] = [];
  const standIn = { url: '', requests, slowMs: 3000, close: async () => {} };
  const server = http.createServer((request, response) => {
    void readForm(request).then((fields) => {
      const [path = '/', query = ''] = (request.url ?? '/').split('?');
      Object.assign(fields, Object.fromEntries(new URLSearchParams(query)));
      requests.push({ path, fields });
      const { body, account: who, status: scripted } = answerFor(path, fields);
      const send = () => {
        if (response.destroyed) return;
        const status = scripted ?? (body === 'not found' ? 404 : 200);
        response.writeHead(status, { 'content-type': body.startsWith('<') ? 'text/xml' : 'application/json' }).end(body);
      };
      if (who === 'slow') setTimeout(send, standIn.slowMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standInOrigin = standIn.url;
  standIn.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return standIn;
}
