/**
 * Text the product stores must be plain Unicode text: no NUL character (PostgreSQL refuses it in
 * text columns, C-based tools cut the text there) and no unpaired UTF-16 surrogate (it has no UTF-8
 * form, so it would be stored as invalid UTF-8 or replaced). The server refuses both in every JSON
 * body, path and query (422 naming the field); the forms show the same message under the field.
 */
export const PLAIN_TEXT_MESSAGES = {
  nul: 'Text must not contain the NUL character (U+0000)',
  surrogate: 'Text must not contain an unpaired surrogate (a broken character with no UTF-8 form)',
  /** The server's message: the field's path, then what is wrong with it. */
  at: (path: string, message: string) => `${path}: ${message}`,
} as const;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one text (the message to show), or null when it is plain text. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return PLAIN_TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return PLAIN_TEXT_MESSAGES.surrogate;
  return null;
}

/** True when the text holds neither a NUL character nor an unpaired surrogate. */
export function isPlainText(text: string): boolean {
  return textProblem(text) === null;
}

/** One text in a value that is not plain: where it is (`project.name`, `ids[2]`) and the message. */
export interface TextFault {
  path: string;
  message: string;
}

/** A value met during the walk: its key in its parent (none for the root) and the parent. */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

/** `project.sites[1].email`; the root alone is `root`, a list at the root gives `root[1]`. */
function pathOf(visit: Visit, root: string): string {
  const keys: (string | number)[] = [];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
  keys.reverse();
  let path = '';
  for (const key of keys) {
    if (typeof key === 'number') path = `${path === '' ? root : path}[${key}]`;
    else {
      const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      path = path === '' ? name : `${path}.${name}`;
    }
  }
  return path === '' ? root : path;
}

/**
 * The first text in a parsed JSON value (strings and object keys, at any depth) that is not plain,
 * or null. `root` names the value itself when it is a string (a compressed body, a bare list item).
 */
export function findTextFault(value: unknown, root = 'body'): TextFault | null {
  // An explicit stack instead of recursion, and paths built only for the fault: a deeply nested
  // body neither overflows the call stack nor costs more than one visit per value.
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message !== null) return { path: pathOf(visit, root), message };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], key: i, parent: visit });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const message = textProblem(key);
        if (message !== null) return { path: pathOf(visit, root), message };
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
    }
  }
  return null;
}

/** The server's message for a fault: `project.name: Text must not contain …`. */
export function textFaultMessage(fault: TextFault): string {
  return PLAIN_TEXT_MESSAGES.at(fault.path, fault.message);
}
