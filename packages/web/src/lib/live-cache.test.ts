import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { refetchReadBefore } from './live-cache';

describe('refetchReadBefore', () => {
  test('reads again an answer that arrived before the confirmation, not one that came after it', async () => {
    const queryClient = new QueryClient();
    const reads: string[] = [];
    const watch = (key: string) =>
      new QueryObserver(queryClient, { queryKey: ['list', key], queryFn: () => (reads.push(key), key), staleTime: Infinity }).subscribe(() => undefined);
    queryClient.setQueryData(['list', 'old'], 'old');
    const stops = [watch('old')];
    const confirmedAt = Date.now() + 1;
    queryClient.setQueryData(['list', 'fresh'], 'fresh', { updatedAt: confirmedAt + 5 });
    stops.push(watch('fresh'));
    refetchReadBefore(queryClient, [['list']], confirmedAt);
    await expect.poll(() => reads).toEqual(['old']);
    stops.forEach((stop) => stop());
  });
});
