import { describe, expect, it } from 'vitest';
import { OBJECT_TOPIC_KINDS, USER_TOPICS, parseTopic } from '../src/live/events';

describe('parseTopic', () => {
  it('accepts every user topic and every object kind with a positive id', () => {
    for (const topic of USER_TOPICS) expect(parseTopic(topic)).toEqual({ kind: 'user', topic });
    for (const kind of OBJECT_TOPIC_KINDS) expect(parseTopic(`${kind}/42`)).toEqual({ kind: 'object', objectKind: kind, id: 42 });
  });

  it('refuses anything else', () => {
    for (const topic of [undefined, 42, {}, '', 'campaign', 'campaign/', 'campaign/0', 'campaign/-1', 'campaign/01', 'campaign/1.5', 'campaign/1/2', 'user/1', 'Campaign/1', 'campaigns/1', `campaign/${'9'.repeat(17)}`, 'x'.repeat(100)]) {
      expect(parseTopic(topic), String(topic)).toBeNull();
    }
  });
});
