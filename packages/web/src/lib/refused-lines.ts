import { splitLines } from '@linkloom/shared';
import type { ErrorLine } from './error-lines';

/** What a batch text box holds after a partial failure, and the problems renumbered to match. */
export interface RefusedText {
  /** Only the refused lines to fix, in their order (the accepted ones are saved already). */
  text: string;
  problems: ErrorLine[];
}

/**
 * After a batch whose valid lines were saved, the box keeps only the refused lines (issue 11.3):
 * submitting again must not add the accepted ones twice. A numbered problem for which `keep` says
 * false (a duplicate: nothing to fix) leaves the box and is listed with its own text instead of a
 * number; kept problems are renumbered to their line in the new text. Unnumbered problems stay.
 */
export function keepRefusedLines(text: string, problems: readonly ErrorLine[], keep: (message: string) => boolean = () => true): RefusedText {
  const lines = splitLines(text);
  const numbered = (problem: ErrorLine): problem is { line: number; message: string } =>
    typeof problem !== 'string' && typeof problem.line === 'number' && problem.line >= 1 && problem.line <= lines.length;
  const keptNumbers = [...new Set(problems.filter(numbered).filter((problem) => keep(problem.message)).map((problem) => problem.line))].sort((a, b) => a - b);
  const newNumber = new Map(keptNumbers.map((line, index) => [line, index + 1]));
  const renumbered = problems.map((problem): ErrorLine => {
    if (!numbered(problem)) return problem;
    const line = newNumber.get(problem.line);
    return line === undefined ? `${lines[problem.line - 1]!.trim()}: ${problem.message}` : { line, message: problem.message };
  });
  return { text: keptNumbers.map((line) => lines[line - 1]!).join('\n'), problems: renumbered };
}
