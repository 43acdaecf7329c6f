import { useEffect, useEffectEvent } from 'react';
import type { Topic } from '@linkloom/shared';
import type { TopicHandler } from './live-message';
import { liveClient } from './live';

/**
 * Listens to a live topic while the component is mounted; null listens to nothing (the id is not
 * known yet). `onSynced` hears each confirmation of the topic by the server (see LiveClient): what
 * the screen read before it may lack messages sent meanwhile. The handlers may change on every
 * render without re-subscribing.
 */
export function useLiveTopic<T extends Topic>(topic: T | null, handler: TopicHandler<T>, onSynced?: (confirmedAt: number) => void): void {
  const onMessage = useEffectEvent(handler);
  const onConfirmed = useEffectEvent((confirmedAt: number) => onSynced?.(confirmedAt));
  useEffect(() => {
    if (topic === null) return undefined;
    return liveClient.subscribe(topic, (message) => onMessage(message), (confirmedAt) => onConfirmed(confirmedAt));
  }, [topic]);
}
