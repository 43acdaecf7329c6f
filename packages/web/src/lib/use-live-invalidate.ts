import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Topic } from '@linkloom/shared';
import { debounce } from './debounce';
import { refetchReadBefore } from './live-cache';
import { useLiveTopic } from './use-live-topic';

/** Messages often come in bursts (a delete of 500 rows, progress ticks): refetch once per burst. */
const DEFAULT_SETTLE_MS = 200;

/**
 * Refetches `queryKeys` whenever a message of `topic` arrives (null: listen to nothing yet), but
 * for the names in `ignore` (progress ticks the screen shows itself), and reads again what was read
 * before the topic was confirmed (messages sent in between were never heard). For screens whose lists only
 * need a refresh; map message names to cache updates yourself when a refetch would be too heavy
 * (DESIGN.md rule 6: one place per feature).
 */
export function useLiveInvalidate(topic: Topic | null, queryKeys: readonly QueryKey[], settleMs = DEFAULT_SETTLE_MS, ignore: readonly string[] = []): void {
  const queryClient = useQueryClient();
  // Keys are usually written inline; compare them by content so a render does not re-arm the timer.
  const keysText = JSON.stringify(queryKeys);
  const invalidate = useMemo(
    () =>
      debounce(() => {
        for (const queryKey of JSON.parse(keysText) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
      }, settleMs),
    [queryClient, keysText, settleMs],
  );
  useEffect(() => () => invalidate.cancel(), [invalidate]);
  useLiveTopic(
    topic,
    (message: { name: string }) => {
      if (!ignore.includes(message.name)) invalidate();
    },
    (confirmedAt) => refetchReadBefore(queryClient, JSON.parse(keysText) as QueryKey[], confirmedAt),
  );
}
