import type { Topic, TopicMessage } from '@linkloom/shared';

/** A screen's handler for the messages of one topic. */
export type TopicHandler<T extends Topic> = (message: TopicMessage<T>) => void;
