/**
 * SpeedyIndex client, written from the service's public API documentation (API v2):
 * https://en.speedyindex.com/api.php
 *
 * `POST https://api.speedyindex.com/v2/task/google/indexer/create` with the header
 * `Authorization: <API KEY>` (the key itself, no scheme) and the JSON body `{title?, urls}`, at most
 * 10,000 URLs a request. Answer `{code, task_id, type}`: code 0 the links were added (a task of type
 * `google/indexer`), 1 top up the balance, 2 the server is overloaded, repeat the request later. The
 * documentation names no HTTP error statuses; those get their general meaning (service-http.ts).
 */
import {
  IndexingServiceError, submitInRequests, type IndexingServiceClient, type SubmitOptions, type SubmitResult,
} from './indexing-service';
import { endpointFor, jsonOf, serviceExchange, serviceWords, statusError, type ServiceAnswer } from './service-http';

const NAME = 'SpeedyIndex';
const ENDPOINT = 'https://api.speedyindex.com/v2/task/google/indexer/create';
const MAX_URLS = 10_000;

interface CreateTaskAnswer {
  code?: unknown;
  task_id?: unknown;
}

function readAnswer(answer: ServiceAnswer, count: number): { accepted: number; taskId?: string } {
  if (answer.status < 200 || answer.status >= 300) throw statusError(NAME, answer);
  const json = jsonOf(answer) as CreateTaskAnswer | undefined;
  if (!json || typeof json !== 'object' || typeof json.code !== 'number') {
    throw new IndexingServiceError('rejected', `${NAME} answered without the documented JSON (${answer.status}${serviceWords(answer) ? `: ${serviceWords(answer)}` : ''}).`, { status: answer.status });
  }
  switch (json.code) {
    case 0:
      return { accepted: count, ...(typeof json.task_id === 'string' ? { taskId: json.task_id } : {}) };
    case 1:
      throw new IndexingServiceError('quota', `Your ${NAME} balance is too low for these URLs (code 1): top up your ${NAME} balance.`, { status: answer.status });
    case 2:
      throw new IndexingServiceError('unavailable', `${NAME} is overloaded (code 2).`, { status: answer.status });
    default:
      throw new IndexingServiceError('rejected', `${NAME} refused the task (code ${json.code}${serviceWords(answer) ? `: ${serviceWords(answer)}` : ''}).`, { status: answer.status });
  }
}

export const speedyIndexClient: IndexingServiceClient = {
  key: 'SpeedyIndex',
  name: NAME,
  docUrl: 'https://en.speedyindex.com/api.php',
  maxUrlsPerRequest: MAX_URLS,
  async submit(urls: readonly string[], apiKey: string, options: SubmitOptions = {}): Promise<SubmitResult> {
    const endpoint = endpointFor(ENDPOINT);
    const { accepted, taskIds } = await submitInRequests(urls, MAX_URLS, async (slice) => {
      const body = JSON.stringify({ ...(options.title ? { title: options.title } : {}), urls: slice });
      const answer = await serviceExchange(
        { method: 'POST', url: endpoint, headers: { authorization: apiKey, 'content-type': 'application/json' }, body },
        { serviceName: NAME, timeoutMs: options.timeoutMs, signal: options.signal },
      );
      return readAnswer(answer, slice.length);
    });
    return {
      accepted,
      ...(taskIds[0] !== undefined ? { taskId: taskIds[0] } : {}),
      message: `${NAME} took ${accepted} URL${accepted === 1 ? '' : 's'}${taskIds.length > 0 ? ` (task ${taskIds.join(', ')})` : ''}`,
    };
  },
};
