/**
 * Indexing-service clients by their INDEXING_SERVICES key (shared constants). A service is listed
 * here only when its HTTP API could be written from public documentation (each client cites it);
 * the others answer a clear "not supported yet" instead of a guessed API.
 */
import { INDEXING_SERVICES, type IndexingService } from '@linkloom/shared';
import { gigaIndexerClient } from './giga-indexer';
import { indexNowClient } from './index-now';
import { IndexingServiceError, type IndexingServiceClient } from './indexing-service';
import { omegaIndexerClient } from './omega-indexer';
import { speedyIndexClient } from './speedy-index';

const CLIENTS: ReadonlyMap<string, IndexingServiceClient> = new Map(
  [indexNowClient, speedyIndexClient, omegaIndexerClient, gigaIndexerClient].map((client) => [client.key, client]),
);

/** The services LinkLoom can submit to, in the order of INDEXING_SERVICES. */
export const SUPPORTED_INDEXING_SERVICES: readonly IndexingService[] = INDEXING_SERVICES.map(([key]) => key).filter((key) => CLIENTS.has(key));

/** A service's name as the options screen shows it (its key when it is not in the list). */
export function indexingServiceName(key: string): string {
  return INDEXING_SERVICES.find(([candidate]) => candidate === key)?.[1].replace(/ \(.*\)$/, '') ?? key;
}

export function isSupportedIndexingService(key: string): boolean {
  return CLIENTS.has(key);
}

/** The client of a service; an `unsupported` IndexingServiceError (saying which ones are) when LinkLoom has none. */
export function indexingServiceClient(key: string): IndexingServiceClient {
  const client = CLIENTS.get(key);
  if (client) return client;
  const supported = SUPPORTED_INDEXING_SERVICES.map(indexingServiceName).join(', ');
  throw new IndexingServiceError('unsupported',
    `LinkLoom cannot submit to ${indexingServiceName(key)} yet (no public API documentation to build on): choose one of ${supported} on the project's Indexer tab.`);
}
