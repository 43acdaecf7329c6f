import type { SpinnerService } from '@linkloom/shared';
import { CONTENT_TOOLS_MESSAGES, SPINNER_SERVICES } from '@linkloom/shared';
import { ContentServiceError } from '../content-services/content-service-error';
import type { SpinnerClient, SpinnerSettings } from './spinner';
import { theBestSpinnerClient } from './the-best-spinner/client';
import { spinRewriterClient } from './spin-rewriter/client';
import { wordAiClient } from './wordai/client';

/**
 * The third-party spinners with a client. ESpinner, Spinea, SpinnerBR and Spinner.com.br publish
 * no API documentation we could write a client from: choosing one answers a clear "not supported".
 */
const CLIENTS: ReadonlyMap<SpinnerService, SpinnerClient> = new Map([theBestSpinnerClient, spinRewriterClient, wordAiClient].map((c) => [c.service, c]));

export const spinnerLabel = (service: SpinnerService) => SPINNER_SERVICES.find(([value]) => value === service)![1];

/** The client of a third-party spinner; throws `unsupported` for a service without a published API. */
export function spinnerClient(service: Exclude<SpinnerService, 'BuiltIn'>): SpinnerClient {
  const client = CLIENTS.get(service);
  if (!client) throw new ContentServiceError('unsupported', CONTENT_TOOLS_MESSAGES.notSupported(spinnerLabel(service), 'spinning'));
  return client;
}

/** Are the chosen third-party spinner's credentials filled in (false for one without a client)? */
export function hasSpinnerCredentials(service: Exclude<SpinnerService, 'BuiltIn'>, settings: SpinnerSettings): boolean {
  return CLIENTS.get(service)?.hasCredentials(settings) ?? true;
}
