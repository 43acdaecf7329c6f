/**
 * WordAI client, from its API documentation (https://wordai.com/users/api.php): the Turing spinner
 * is a form POST to https://wordai.com/users/turing-api.php with `s` (the text), `quality`
 * (Regular, Unique, Very Unique, Readable, Very Readable), `email`, `pass` (the API key),
 * `output=json` and the optional switches `nonested`, `sentence`, `paragraph` (`on`); `returnspin`
 * `true` answers one spun variation instead of spintax. Answers JSON `{status: "Success", text}`
 * or `{status: "Failure", error}`. The account call https://wordai.com/users/account-api.php
 * (email, pass) answers the limits and what remains of them.
 */
import { ContentServiceError } from '../../content-services/content-service-error';
import { contentEndpoint, contentExchange, jsonObject, type ContentCallOptions } from '../../content-services/content-http';
import type { SpinnerClient, SpinnerSettings } from '../spinner';

const NAME = 'WordAI';
const SPIN_ENDPOINT = 'https://wordai.com/users/turing-api.php';
const ACCOUNT_ENDPOINT = 'https://wordai.com/users/account-api.php';
const QUALITY = ['Regular', 'Unique', 'Very Unique', 'Readable', 'Very Readable'] as const;

function failure(json: Record<string, unknown>): ContentServiceError {
  const words = typeof json.error === 'string' ? json.error : 'no reason given';
  if (/authenticat|password|email|key/i.test(words)) return new ContentServiceError('auth', `${NAME} refused the email or API key (${words}): check them in Options → Spinner`);
  if (/limit|quota|credits|exceed/i.test(words)) return new ContentServiceError('quota', `${NAME} has no spins left (${words})`);
  return new ContentServiceError('rejected', `${NAME} refused the request (${words})`);
}

export const wordAiClient: SpinnerClient = {
  service: 'WordAI',
  name: NAME,
  docUrl: 'https://wordai.com/users/api.php',
  hasCredentials: (s) => s.wordAi.email !== '' && s.wordAi.password !== '',
  withCredentials: (s, email, password) => ({ ...s, wordAi: { ...s.wordAi, email, password } }),
  async spin(text, _protectedWords, settings: SpinnerSettings, options?: ContentCallOptions) {
    const w = settings.wordAi;
    const fields: Record<string, string> = {
      s: text, quality: QUALITY[w.quality - 1] ?? 'Unique', email: w.email, pass: w.password, output: 'json', returnspin: 'true',
    };
    if (w.nonested) fields.nonested = 'on';
    if (w.sentence) fields.sentence = 'on';
    if (w.paragraph) fields.paragraph = 'on';
    const json = jsonObject(NAME, await contentExchange(NAME, contentEndpoint(SPIN_ENDPOINT), fields, options));
    if (json.status !== 'Success') throw failure(json);
    if (typeof json.text !== 'string') throw new ContentServiceError('rejected', `${NAME} answered without the spun text`);
    return json.text;
  },
  async quota(settings, options) {
    const json = jsonObject(NAME, await contentExchange(NAME, contentEndpoint(ACCOUNT_ENDPOINT), { email: settings.wordAi.email, pass: settings.wordAi.password }, options));
    if (json.status !== 'Success') throw failure(json);
    const left = json['Turing Remaining'] ?? json['Standard Remaining'];
    return `${String(left ?? '?')} words left`;
  },
};
