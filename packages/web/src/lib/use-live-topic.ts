import { useEffect, useEffectEvent } from 'react';
import type { Topic } from '@linkloom/shared';
import type { TopicHandler } from './live-message';
import { liveClient } from './live';

/**
 * Listens to a live topic while the component is mounted; null listens to nothing (the id is not
 * known yet). The handler may change on every render without re-subscribing.
 */
export function useLiveTopic<T extends Topic>(topic: T | null, handler: TopicHandler<T>): void {
  const onMessage = useEffectEvent(handler);
  useEffect(() => {
    if (topic === null) return undefined;
    return liveClient.subscribe(topic, (message) => onMessage(message));
  }, [topic]);
}
