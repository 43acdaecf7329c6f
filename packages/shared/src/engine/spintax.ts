import { findProtectedSpans } from './protected-words';
import type { Rng } from './random';

export interface SpinOptions {
  /** wordsNottobeChanged: the raw settings text (comma / line separated) or a parsed list. */
  protectedWords?: string | readonly string[];
}

interface Group {
  options: string[];
  current: string;
}

const SYNTAX = /[{}|\\]/g;

/**
 * Expands spintax: `{a|b|{c|d}}` picks one option per group, uniformly, at any depth. Never throws,
 * in one linear pass (no recursion, so a deeply nested text cannot exhaust the stack):
 * - `\{`, `\}` and `\|` are the characters themselves, never syntax;
 * - a brace pair without a `|` at its own level is not a spin group and stays as written, braces
 *   included (`{link}` markers, `{curly}` text; groups inside it are still spun);
 * - an unbalanced `{` or `}`, and a `|` outside any group, stay as text;
 * - protected words are copied exactly as they appear in the text (a `|` or brace inside one is
 *   not syntax); inside a group a protected word is part of its option like any other text.
 */
export function spin(text: string, rng: Rng, options: SpinOptions = {}): string {
  const spans = findProtectedSpans(text, options.protectedWords);
  const stack: Group[] = [];
  let output = '';
  const append = (piece: string) => {
    const group = stack[stack.length - 1];
    if (group) group.current += piece;
    else output += piece;
  };
  let position = 0;
  let spanIndex = 0;
  while (position < text.length) {
    while (spanIndex < spans.length && spans[spanIndex]!.start < position) spanIndex += 1;
    SYNTAX.lastIndex = position;
    const match = SYNTAX.exec(text);
    const syntaxAt = match ? match.index : text.length;
    const span = spans[spanIndex];
    if (span && span.start <= syntaxAt) {
      append(text.slice(position, span.end));
      position = span.end;
      spanIndex += 1;
      continue;
    }
    append(text.slice(position, syntaxAt));
    if (!match) break;
    position = syntaxAt + 1;
    const char = match[0];
    if (char === '\\') {
      const escaped = text[position];
      if (escaped === '{' || escaped === '}' || escaped === '|') {
        append(escaped);
        position += 1;
      } else append('\\');
    } else if (char === '{') {
      stack.push({ options: [], current: '' });
    } else if (char === '|') {
      const group = stack[stack.length - 1];
      if (group) {
        group.options.push(group.current);
        group.current = '';
      } else append('|');
    } else {
      const group = stack.pop();
      if (!group) append('}');
      else if (group.options.length === 0) append(`{${group.current}}`);
      else append(rng.pick([...group.options, group.current]));
    }
  }
  // Braces never closed are text again, innermost first (their inner complete groups were spun).
  for (let group = stack.pop(); group; group = stack.pop()) append(`{${[...group.options, group.current].join('|')}`);
  return output;
}
