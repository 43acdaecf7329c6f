/**
 * The Best Spinner client, from its published API (https://thebestspinner.com/api.php, the API
 * documentation of the members' area): every call is a form POST to api.php with `action` and
 * `format` (`xml` here; `php` is the other choice). `authenticate` (username, password) answers
 * `<success>true</success><session>…</session>` — a session lasts 24 hours — or
 * `<success>false</success><error>…</error>`; `replaceEveryonesFavorites` (session, text,
 * maxsyns, quality 1 good … 3 best, protectedterms comma-separated) answers the spintax in
 * `<output>`; `apiQuota` (session) answers the queries left today in `<output>`.
 */
import { ContentServiceError } from '../../content-services/content-service-error';
import { contentEndpoint, contentExchange, type ContentCallOptions } from '../../content-services/content-http';
import type { SpinnerClient, SpinnerSettings } from '../spinner';

const NAME = 'The Best Spinner';
const ENDPOINT = 'https://thebestspinner.com/api.php';

function tag(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!match) return undefined;
  return match[1]!.replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#039;|&apos;/g, "'").replace(/&amp;/g, '&');
}

/** One action; a `success` other than true becomes an error of the kind its words tell. */
async function call(fields: Record<string, string>, options?: ContentCallOptions): Promise<string> {
  const answer = await contentExchange(NAME, contentEndpoint(ENDPOINT), { ...fields, format: 'xml' }, options);
  if (tag(answer.body, 'success') === 'true') return tag(answer.body, 'output') ?? tag(answer.body, 'session') ?? '';
  const error = tag(answer.body, 'error') ?? 'no reason given';
  if (/auth|login|password|user/i.test(error)) throw new ContentServiceError('auth', `${NAME} refused the username or password (${error}): check them in Options → Spinner`);
  if (/quota|limit|exceed/i.test(error)) throw new ContentServiceError('quota', `${NAME} has no queries left today (${error})`);
  throw new ContentServiceError('rejected', `${NAME} refused the request (${error})`);
}

async function session(settings: SpinnerSettings, options?: ContentCallOptions): Promise<string> {
  return call({ action: 'authenticate', username: settings.tbs.username, password: settings.tbs.password }, options);
}

export const theBestSpinnerClient: SpinnerClient = {
  service: 'TheBestSpinner',
  name: NAME,
  docUrl: 'https://thebestspinner.com/api.php',
  hasCredentials: (s) => s.tbs.username !== '' && s.tbs.password !== '',
  withCredentials: (s, username, password) => ({ ...s, tbs: { ...s.tbs, username, password } }),
  async spin(text, protectedWords, settings, options) {
    const id = await session(settings, options);
    return call({
      action: 'replaceEveryonesFavorites', session: id, text,
      maxsyns: String(settings.tbs.maxSyns),
      // The Spinner tab's quality is 1 Best, 2 Better, 3 Good; the API's 1 good, 2 better, 3 best.
      quality: String(4 - settings.tbs.quality),
      protectedterms: protectedWords.join(','),
    }, options);
  },
  async quota(settings, options) {
    const id = await session(settings, options);
    return `${await call({ action: 'apiQuota', session: id }, options)} queries left today`;
  },
};
