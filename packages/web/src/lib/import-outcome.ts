import { UPLOAD_MESSAGES } from '@linkloom/shared';
import { summarise, toastDone, toastProblems, type Noun, type SummaryPart } from './action-feedback';
import { formatErrorLine, uploadProblemLines, type ErrorLine } from './error-lines';

/**
 * What one import did (issue 39 item 4), the same way on every screen: how many lines (files,
 * sites…) were written, the summary that says so ('3 accounts added, 2 lines refused') and each
 * refused line by its number in the file or text. Nothing written is never a success.
 */
export interface ImportOutcome {
  /** Added or updated: none means the import changed nothing. */
  written: number;
  summary: string;
  refused: readonly ErrorLine[];
}

/**
 * An outcome from its summary parts: the first part counts what was added; `written` is that count
 * unless given (an import that also updates counts both).
 */
export function importOutcome(parts: readonly SummaryPart[], refused: readonly ErrorLine[] = [], written = parts[0]?.count ?? 0): ImportOutcome {
  return { written, summary: summarise(parts), refused };
}

/** 'Line 3: …' (how several servers list refused lines) → a numbered problem; anything else stays text. */
export function numberedLine(text: string): ErrorLine {
  const match = /^Line (\d+): (.*)$/s.exec(text);
  return match ? { line: Number(match[1]), message: match[2]! } : text;
}

/**
 * The outcome of an import that answers `errorList: ['Line 3: …']` (private sites, custom sites,
 * proxies, blocked sites): '2 proxies added, 1 line refused', each refused line numbered.
 */
export function errorListOutcome(written: number, noun: Noun, verb: string, errorList: readonly string[]): ImportOutcome {
  // A long list ends in '… and 12 more refused lines' (shared listLineErrors): those count too.
  const refused = errorList.reduce((sum, entry) => sum + Number(/^… and (\d+) more refused lines$/.exec(entry)?.[1] ?? 1), 0);
  return importOutcome([{ count: written, noun, verb }, { count: refused, noun: 'line', verb: 'refused' }], errorList.map(numberedLine));
}

/**
 * The toast of a pasted import (its refused lines stay in the dialog): a success when something
 * was written, otherwise a warning that says nothing was.
 */
export function reportImport(outcome: ImportOutcome): void {
  if (outcome.written > 0) toastDone(outcome.summary);
  else toastProblems([outcome.summary]);
}

/** What one uploaded file's toasts say. */
export interface UploadToasts {
  /** Whether the file was taken and changed something: a success toast, counted as uploaded. */
  accepted: boolean;
  /** The spec's '{file} file uploaded successfully' or '{file} file upload failed.' (a line of its own). */
  headline: string;
  /** What the import did, under the headline ('3 accounts added, 1 line refused'); null when the answer is no import outcome. */
  summary: string | null;
  /** Problems to list below (the refused lines, or the error answer's lines). */
  problems: string[];
}

/** Options of {@link describeUpload}. */
export interface DescribeUploadOptions {
  /** Spec 3's content screens end the success text with a period. */
  period?: boolean;
  /** Several files in one picker: each file's problems are headed by its name. */
  multiple?: boolean;
}

/**
 * The toasts of one uploaded file (spec 1 §8 texts): an answer that reads as an import outcome is a
 * success only when it wrote something ('accounts.csv file uploaded successfully' + '3 accounts
 * added, 1 line refused'); one that wrote nothing says the upload failed with the same summary
 * ('No accounts added, 2 lines refused') instead of contradicting it. The refused lines follow,
 * numbered as in the file. A failed call says so with the answer's own problem lines.
 */
export function describeUpload(
  result: { fileName: string; ok: boolean; body: unknown },
  outcome: ImportOutcome | null,
  options: DescribeUploadOptions = {},
): UploadToasts {
  const accepted = result.ok && (outcome === null || outcome.written > 0);
  const headline = accepted ? UPLOAD_MESSAGES.uploaded(result.fileName, options.period ?? false) : UPLOAD_MESSAGES.failed(result.fileName);
  if (outcome === null) return { accepted, headline, summary: null, problems: uploadProblemLines(result.fileName, result.body, options.multiple ?? false) };
  const refused = outcome.refused.map(formatErrorLine);
  const named = (options.multiple ?? false) && refused.length > 0 && !refused.every((line) => line.includes(result.fileName));
  return { accepted, headline, summary: outcome.summary, problems: named ? [`${result.fileName}:`, ...refused] : refused };
}

/** The listed refused lines, and a note for those the answer counted but did not list. */
export function withUnlisted(listed: readonly ErrorLine[], total: number): ErrorLine[] {
  const more = total - listed.length;
  return [...listed, ...(more > 0 ? [`… and ${more} more lines that were not accepted`] : [])];
}
