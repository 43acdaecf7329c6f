/**
 * Spin Rewriter client, from its API documentation (https://www.spinrewriter.com/api-documentation):
 * every request is a form POST to https://www.spinrewriter.com/action/api with email_address,
 * api_key and action; every answer is JSON `{status: "OK" | "ERROR", response, …}`.
 * `api_quota` answers api_requests_made and api_requests_available for the past 24 hours;
 * `unique_variation` answers one rewritten variation of `text`, honouring protected_terms (one per
 * line), confidence_level (low, medium, high), nested_spintax, auto_protected_terms,
 * auto_sentences, auto_paragraphs, auto_new_paragraphs and auto_sentence_trees ("true"/"false").
 * The server allows 120 s per request.
 */
import { ContentServiceError } from '../../content-services/content-service-error';
import { contentEndpoint, contentExchange, jsonObject, type ContentCallOptions } from '../../content-services/content-http';
import type { SpinnerClient, SpinnerSettings } from '../spinner';

const NAME = 'Spin Rewriter';
const ENDPOINT = 'https://www.spinrewriter.com/action/api';
const CONFIDENCE = ['low', 'medium', 'high'] as const;

async function call(settings: SpinnerSettings, fields: Record<string, string>, options?: ContentCallOptions): Promise<Record<string, unknown>> {
  const answer = await contentExchange(NAME, contentEndpoint(ENDPOINT), {
    email_address: settings.spinRewriter.email, api_key: settings.spinRewriter.apiKey, ...fields,
  }, options);
  const json = jsonObject(NAME, answer);
  if (json.status === 'OK') return json;
  const words = typeof json.response === 'string' ? json.response : 'no reason given';
  if (/authenticat|api key|email/i.test(words)) throw new ContentServiceError('auth', `${NAME} refused the email or API key (${words}): check them in Options → Spinner`);
  if (/quota|limit|too many|reached/i.test(words)) throw new ContentServiceError('quota', `${NAME} has no API requests left (${words})`);
  throw new ContentServiceError('rejected', `${NAME} refused the request (${words})`);
}

const flag = (on: boolean) => (on ? 'true' : 'false');

export const spinRewriterClient: SpinnerClient = {
  service: 'SpinRewriter',
  name: NAME,
  docUrl: 'https://www.spinrewriter.com/api-documentation',
  hasCredentials: (s) => s.spinRewriter.email !== '' && s.spinRewriter.apiKey !== '',
  withCredentials: (s, email, apiKey) => ({ ...s, spinRewriter: { ...s.spinRewriter, email, apiKey } }),
  async spin(text, protectedWords, settings, options) {
    const s = settings.spinRewriter;
    const json = await call(settings, {
      action: 'unique_variation', text,
      protected_terms: protectedWords.join('\n'),
      confidence_level: CONFIDENCE[s.confidenceLevel - 1] ?? 'medium',
      auto_protected_terms: flag(s.protectedTerms),
      nested_spintax: flag(s.nestedSpintax),
      auto_sentences: flag(s.sentences),
      auto_paragraphs: flag(s.paragraphs),
      auto_new_paragraphs: flag(s.newParagraphs),
      auto_sentence_trees: flag(s.sentenceTrees),
    }, options);
    if (typeof json.response !== 'string') throw new ContentServiceError('rejected', `${NAME} answered without the spun text`);
    return json.response;
  },
  async quota(settings, options) {
    const json = await call(settings, { action: 'api_quota' }, options);
    return `${String(json.api_requests_available ?? '?')} API requests left (${String(json.api_requests_made ?? '?')} made in the past 24 hours)`;
  },
};
