import { findProtectedSpans, type TextSpan } from './protected-words';
import type { Rng } from './random';

export interface SpinOptions {
  /** wordsNottobeChanged: the raw settings text (comma / line separated) or a parsed list. */
  protectedWords?: string | readonly string[];
}

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const BAR = 0x7c; // |
const BACKSLASH = 0x5c; // \

/**
 * The spun text as a linked list of ranges of the input. Every piece of the output is a stretch of
 * the input (plain text, a protected word, an escaped character, a brace or bar kept as text), so
 * a piece is two offsets, and an option chosen at a closing brace is linked into the text around
 * it in O(1) instead of copied: copying made each level of nesting cost the length of what it
 * held, and `{a|` × 166,333 (never closed) took 83 s. No character is in two pieces, so the text's
 * length bounds the pieces, and flat typed arrays hold them (no object per piece for the garbage
 * collector, no array growth). A list is a head and a tail node, -1 when empty.
 */
class RangeList {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly nexts: Int32Array;
  #size = 0;

  constructor(capacity: number) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.nexts = new Int32Array(capacity);
  }

  /** A one-piece list for [start, end): the returned node is its head and tail. */
  node(start: number, end: number): number {
    const node = this.#size;
    this.#size += 1;
    this.starts[node] = start;
    this.ends[node] = end;
    this.nexts[node] = -1;
    return node;
  }

  /** The input's text along the list from `head`, adjacent ranges written as one slice. */
  write(text: string, head: number): string {
    const pieces: string[] = [];
    let start = -1;
    let end = -1;
    for (let node = head; node !== -1; node = this.nexts[node]!) {
      if (this.starts[node] !== end) {
        if (start !== -1) pieces.push(text.slice(start, end));
        start = this.starts[node]!;
      }
      end = this.ends[node]!;
    }
    if (start !== -1) pieces.push(text.slice(start, end));
    return pieces.join('');
  }
}

/** How many `{` and `|` the text holds: the most groups open at once and options pending. */
function countSyntax(text: string): { opens: number; bars: number } {
  let opens = 0;
  let bars = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === OPEN) opens += 1;
    else if (code === BAR) bars += 1;
  }
  return { opens, bars };
}

/**
 * The open groups, innermost last, over the text itself (level 0): each level's option being read
 * (heads/tails), where its `{` stands, and its finished options, which sit on one shared stack
 * (group d's from firstOption[d] on, each with the offset of the `|` that ended it).
 */
class GroupStack {
  depth = 0;
  readonly heads: Int32Array;
  readonly tails: Int32Array;
  readonly openedAt: Int32Array;
  readonly firstOption: Int32Array;
  readonly optionHeads: Int32Array;
  readonly optionTails: Int32Array;
  readonly optionBars: Int32Array;
  options = 0;

  constructor(readonly list: RangeList, sizes: { opens: number; bars: number }) {
    this.heads = new Int32Array(sizes.opens + 1).fill(-1);
    this.tails = new Int32Array(sizes.opens + 1).fill(-1);
    this.openedAt = new Int32Array(sizes.opens + 1);
    this.firstOption = new Int32Array(sizes.opens + 1);
    this.optionHeads = new Int32Array(sizes.bars);
    this.optionTails = new Int32Array(sizes.bars);
    this.optionBars = new Int32Array(sizes.bars);
  }

  /** Links the list head…tail at the end of the innermost level's option (or of the text). */
  link(head: number, tail: number): void {
    if (head === -1) return;
    const d = this.depth;
    if (this.tails[d] === -1) this.heads[d] = head;
    else this.list.nexts[this.tails[d]!] = head;
    this.tails[d] = tail;
  }

  /** Appends the input's [start, end) as text (nothing when empty). */
  text(start: number, end: number): void {
    if (end <= start) return;
    const node = this.list.node(start, end);
    this.link(node, node);
  }

  open(at: number): void {
    this.depth += 1;
    const d = this.depth;
    this.heads[d] = -1;
    this.tails[d] = -1;
    this.openedAt[d] = at;
    this.firstOption[d] = this.options;
  }

  /** A `|` inside a group: the option read so far is finished. */
  bar(at: number): void {
    const d = this.depth;
    this.optionHeads[this.options] = this.heads[d]!;
    this.optionTails[this.options] = this.tails[d]!;
    this.optionBars[this.options] = at;
    this.options += 1;
    this.heads[d] = -1;
    this.tails[d] = -1;
  }

  /**
   * The `}` at `at` closes the innermost level: one of its options, drawn by `rng.int` over them
   * (the draw `rng.pick` makes, so a seed gives the text it always gave), goes into the level
   * around it; without a `|` it was no group, and goes in between its braces.
   */
  close(at: number, rng: Rng): void {
    const d = this.depth;
    const first = this.firstOption[d]!;
    let head = this.heads[d]!;
    let tail = this.tails[d]!;
    if (this.options === first) {
      const open = this.list.node(this.openedAt[d]!, this.openedAt[d]! + 1);
      const close = this.list.node(at, at + 1);
      this.list.nexts[open] = head === -1 ? close : head;
      if (tail !== -1) this.list.nexts[tail] = close;
      head = open;
      tail = close;
    } else {
      const chosen = first + rng.int(0, this.options - first);
      if (chosen < this.options) {
        head = this.optionHeads[chosen]!;
        tail = this.optionTails[chosen]!;
      }
      this.options = first;
    }
    this.depth -= 1;
    this.link(head, tail);
  }

  /** The innermost level, never closed, as text again: `{`, each option and its `|`, the option being read. */
  closeAsText(): void {
    const d = this.depth;
    const { list } = this;
    const open = list.node(this.openedAt[d]!, this.openedAt[d]! + 1);
    let tail = open;
    for (let i = this.firstOption[d]!; i < this.options; i += 1) {
      if (this.optionHeads[i] !== -1) {
        list.nexts[tail] = this.optionHeads[i]!;
        tail = this.optionTails[i]!;
      }
      const bar = list.node(this.optionBars[i]!, this.optionBars[i]! + 1);
      list.nexts[tail] = bar;
      tail = bar;
    }
    if (this.heads[d] !== -1) {
      list.nexts[tail] = this.heads[d]!;
      tail = this.tails[d]!;
    }
    this.options = this.firstOption[d]!;
    this.depth -= 1;
    this.link(open, tail);
  }
}

/** Walks the protected spans in text order: where the next one starts, -1 when none is left. */
class SpanCursor {
  #index = 0;
  next: number;

  constructor(readonly spans: readonly TextSpan[]) {
    this.next = spans.length > 0 ? spans[0]!.start : -1;
  }

  /** The end of the span starting at `next`. */
  get end(): number {
    return this.spans[this.#index]!.end;
  }

  /** Passes the spans starting at or before `at` (consumed, or inside what was). */
  skipUpTo(at: number): void {
    while (this.#index < this.spans.length && this.spans[this.#index]!.start <= at) this.#index += 1;
    this.next = this.#index < this.spans.length ? this.spans[this.#index]!.start : -1;
  }
}

/**
 * Expands spintax: `{a|b|{c|d}}` picks one option per group, uniformly, at any depth. Never throws,
 * in one pass whose time and memory are linear in the text for every input, closed or not, with
 * no recursion (a deeply nested text cannot exhaust the stack):
 * - `\{`, `\}` and `\|` are the characters themselves, never syntax;
 * - a brace pair without a `|` at its own level is not a spin group and stays as written, braces
 *   included (`{link}` markers, `{curly}` text; groups inside it are still spun);
 * - an unbalanced `{` or `}`, and a `|` outside any group, stay as text;
 * - protected words are copied exactly as they appear in the text (a `|` or brace inside one is
 *   not syntax); inside a group a protected word is part of its option like any other text.
 * Groups are drawn in the order they close (inner before outer).
 */
export function spin(text: string, rng: Rng, options: SpinOptions = {}): string {
  const spans = new SpanCursor(findProtectedSpans(text, options.protectedWords));
  const list = new RangeList(text.length);
  const groups = new GroupStack(list, countSyntax(text));
  // By character code: a regular expression run per syntax character cost more than the work
  // itself on dense input (`{` × 500,000).
  let runStart = 0;
  for (let at = 0; at < text.length; at += 1) {
    if (at === spans.next) {
      // A protected word: its characters are text, whatever they are.
      at = spans.end - 1;
      spans.skipUpTo(at);
      continue;
    }
    const code = text.charCodeAt(at);
    if (code !== OPEN && code !== CLOSE && code !== BAR && code !== BACKSLASH) continue;
    groups.text(runStart, at);
    runStart = at + 1;
    if (code === BACKSLASH) {
      const escaped = text.charCodeAt(at + 1);
      if (escaped === OPEN || escaped === CLOSE || escaped === BAR) {
        at += 1;
        runStart = at;
        // The escape wins over a protected word starting on the escaped character.
        spans.skipUpTo(at);
      } else runStart = at;
    } else if (code === OPEN) groups.open(at);
    else if (groups.depth === 0) runStart = at;
    else if (code === BAR) groups.bar(at);
    else groups.close(at, rng);
  }
  groups.text(runStart, text.length);
  // Braces never closed are text again, innermost first (their inner complete groups were spun).
  while (groups.depth > 0) groups.closeAsText();
  return list.write(text, groups.heads[0]!);
}
