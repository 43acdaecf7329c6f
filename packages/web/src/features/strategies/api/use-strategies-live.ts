import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { strategyKeys } from './strategy-keys';

/**
 * The one place the live topic `strategies` meets the cache (DESIGN rule 6): any message
 * (add, rename, delete, save) refreshes the list and the diagrams, so two windows stay in step.
 * The open designer keeps its own unsaved edits (its query does not refetch under it).
 */
export function useStrategiesLive(): void {
  useLiveInvalidate('strategies', [strategyKeys.list, ['strategies', 'strategy']]);
}
