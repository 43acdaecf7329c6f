/** One registration: removing it twice is harmless. */
export interface Registration {
  /** True when this was the topic's first handler (the server must be told to subscribe). */
  readonly first: boolean;
  /** Drops the handler; returns true when it was the topic's last one (time to unsubscribe). */
  remove(): boolean;
}

/**
 * Reference-counted handlers per live topic. Pure bookkeeping, so the socket code only has to
 * act on "first handler added" and "last handler removed".
 */
export class TopicRegistry<H> {
  private readonly byTopic = new Map<string, Set<{ handler: H }>>();

  /** Registers `handler` for `topic`; the same function may be registered more than once. */
  add(topic: string, handler: H): Registration {
    let entries = this.byTopic.get(topic);
    const first = entries === undefined || entries.size === 0;
    if (!entries) {
      entries = new Set();
      this.byTopic.set(topic, entries);
    }
    // A fresh wrapper object per call: each registration counts once.
    const entry = { handler };
    entries.add(entry);
    let removed = false;
    return {
      first,
      remove: () => {
        if (removed) return false;
        removed = true;
        const current = this.byTopic.get(topic);
        if (!current) return false;
        current.delete(entry);
        if (current.size > 0) return false;
        this.byTopic.delete(topic);
        return true;
      },
    };
  }

  /** Topics with at least one handler (re-subscribed on every (re)connect). */
  topics(): string[] {
    return [...this.byTopic.keys()];
  }

  /** Handlers of a topic, in registration order. */
  handlersOf(topic: string): H[] {
    return [...(this.byTopic.get(topic) ?? [])].map((entry) => entry.handler);
  }

  /** Number of topics with handlers. */
  get size(): number {
    return this.byTopic.size;
  }
}
