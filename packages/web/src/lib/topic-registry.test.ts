import { describe, expect, it } from 'vitest';
import { TopicRegistry } from './topic-registry';

describe('TopicRegistry', () => {
  it('reports the first handler of a topic and the removal of its last one', () => {
    const registry = new TopicRegistry<string>();
    const a = registry.add('campaigns', 'a');
    const b = registry.add('campaigns', 'b');
    expect(a.first).toBe(true);
    expect(b.first).toBe(false);
    expect(registry.handlersOf('campaigns')).toEqual(['a', 'b']);
    expect(a.remove()).toBe(false);
    expect(b.remove()).toBe(true);
    expect(registry.topics()).toEqual([]);
    expect(registry.size).toBe(0);
  });

  it('counts the same handler twice and ignores a second removal', () => {
    const registry = new TopicRegistry<string>();
    const one = registry.add('project/1', 'h');
    const two = registry.add('project/1', 'h');
    expect(one.remove()).toBe(false);
    expect(one.remove()).toBe(false);
    expect(registry.handlersOf('project/1')).toEqual(['h']);
    expect(two.remove()).toBe(true);
  });

  it('starts counting again after a topic emptied', () => {
    const registry = new TopicRegistry<string>();
    registry.add('campaign/2', 'x').remove();
    expect(registry.add('campaign/2', 'y').first).toBe(true);
    expect(registry.topics()).toEqual(['campaign/2']);
  });
});
