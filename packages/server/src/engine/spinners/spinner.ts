import type { Options, SpinnerService } from '@linkloom/shared';
import type { ContentCallOptions } from '../content-services/content-http';

/** The Spinner tab's settings of every service (options.spinners). */
export type SpinnerSettings = Options['spinners'];

/**
 * A third-party spinner client, written from the service's published API documentation: it spins
 * a text (the answer may hold spintax, which the caller expands) and tells the account's
 * remaining quota, or throws a ContentServiceError whose message a user can act on.
 */
export interface SpinnerClient {
  readonly service: Exclude<SpinnerService, 'BuiltIn'>;
  readonly name: string;
  readonly docUrl: string;
  /** Are the service's credentials filled in? */
  hasCredentials(settings: SpinnerSettings): boolean;
  /** The Spinner tab's test sends two texts as typed: the first and second credential of the service. */
  withCredentials(settings: SpinnerSettings, username: string, password: string): SpinnerSettings;
  spin(text: string, protectedWords: readonly string[], settings: SpinnerSettings, options?: ContentCallOptions): Promise<string>;
  quota(settings: SpinnerSettings, options?: ContentCallOptions): Promise<string>;
}
