/**
 * The latest value of a debounced field, committed `waitMs` after the last change, or at once on
 * `flush` (Save Wizard, Create Campaign, leaving the tab). A later change replaces an earlier one
 * not yet committed, so only the last value is committed.
 */
export class PendingCommit<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private next: { value: T } | null = null;

  private commit: (value: T) => void;

  constructor(private readonly waitMs: number, commit: (value: T) => void = () => undefined) {
    this.commit = commit;
  }

  /** What committing does from now on (a field passes its latest closure after each render). */
  onCommit(commit: (value: T) => void): void {
    this.commit = commit;
  }

  /** Whether a value waits to be committed. */
  get pending(): boolean {
    return this.next !== null;
  }

  set(value: T): void {
    this.next = { value };
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.waitMs);
  }

  /** Commits the waiting value now (nothing when none waits). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.next;
    this.next = null;
    if (next !== null) this.commit(next.value);
  }
}
