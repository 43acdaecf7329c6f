import { createElement, useCallback, useState, type ReactNode } from 'react';
import { App, type UploadProps } from 'antd';
import { ERROR_TOAST_SECONDS, TOAST_SECONDS } from '@linkloom/shared';
import type { ErrorLine } from './error-lines';
import { reportHttpFailure, xsrfHeaders } from './http';
import { describeUpload, type ImportOutcome } from './import-outcome';

/** How one file's upload ended; `status` is null when no answer arrived. */
export interface UploadResult {
  fileName: string;
  ok: boolean;
  status: number | null;
  /** The parsed JSON answer (or its text, or undefined). */
  body: unknown;
  /**
   * The server took the file and it changed something: `ok`, and when the answer reads as an
   * import outcome, at least one line written (an upload whose every line was refused is not).
   */
  accepted: boolean;
}

/** What the screen reads from an upload's answer: its import outcome, or null when the answer is not one. */
export type ReadOutcome = (body: unknown) => ImportOutcome | null;

/** Options of {@link useUploadRequest}. */
export interface UploadRequestOptions {
  /** Spec 3's content screens end the success toast with a period. */
  periodInMessages?: boolean;
  /** Several files at once (each its own upload): each file's problems are headed by its name. */
  multiple?: boolean;
  /** Called after every file, success or failure (a partial import still changed the list). */
  onDone?: (result: UploadResult) => void;
  /** Reads the answer as an import outcome: the toast then says what was added and refused. */
  outcome?: ReadOutcome;
  /** Lists refused lines (the Error dialog, spec 1 §5) instead of a toast. */
  listRefused?: (lines: readonly ErrorLine[]) => void;
}

type CustomRequest = NonNullable<UploadProps['customRequest']>;

/** The spec's text on a line of its own (found whole, as the spec words it), then what the import did. */
function toastContent(headline: string, summary: string | null): ReactNode {
  if (summary === null) return headline;
  return createElement('span', null, createElement('span', { style: { display: 'block' } }, headline), createElement('span', { style: { display: 'block' } }, summary));
}

/**
 * An antd Upload `customRequest` that posts with the XSRF header (fetching the token first if
 * needed) through antd's own XHR request (progress included), then shows the spec's upload toasts:
 * '{file} file uploaded successfully' or '{file} file upload failed.', plus any error lines of the
 * answer for 5 seconds, one per line (spec 1, section 8), headed by the file's name when the
 * picker takes several files. With `outcome`, an answer that wrote nothing is a failure and the
 * toast says what was added and refused; the refused lines go to `listRefused` when given
 * (lib/import-outcome describeUpload).
 */
export function useUploadRequest({ periodInMessages = false, multiple = false, onDone, outcome, listRefused }: UploadRequestOptions): {
  customRequest: CustomRequest;
  uploading: boolean;
} {
  const { message } = App.useApp();
  const [pending, setPending] = useState(0);

  const finish = useCallback(
    (result: Omit<UploadResult, 'accepted'>) => {
      setPending((count) => count - 1);
      if (result.status === 401) {
        reportHttpFailure({ status: 401, url: '', statusText: '', body: result.body });
        return;
      }
      const read = result.ok ? outcome?.(result.body) ?? null : null;
      const toasts = describeUpload(result, read, { period: periodInMessages, multiple });
      const content = toastContent(toasts.headline, toasts.summary);
      if (toasts.accepted) message.success({ content, duration: TOAST_SECONDS });
      else message.error({ content, duration: ERROR_TOAST_SECONDS });
      if (read !== null && read.refused.length > 0 && listRefused) listRefused(read.refused);
      else if (toasts.problems.length > 0) {
        message.error({ content: toasts.problems.join('\n'), duration: ERROR_TOAST_SECONDS, style: { whiteSpace: 'pre-line' } });
      }
      onDone?.({ ...result, accepted: toasts.accepted });
    },
    [message, periodInMessages, multiple, onDone, outcome, listRefused],
  );

  const customRequest = useCallback<CustomRequest>(
    (options, { defaultRequest }) => {
      const fileName = options.file instanceof File ? options.file.name : 'The';
      setPending((count) => count + 1);
      void xsrfHeaders(options.method, options.action).then((headers) => {
        defaultRequest({
          ...options,
          headers: { ...options.headers, ...headers },
          withCredentials: true,
          onSuccess: (body, xhr) => {
            finish({ fileName, ok: true, status: xhr instanceof XMLHttpRequest ? xhr.status : 200, body });
            options.onSuccess?.(body, xhr);
          },
          onError: (error, body) => {
            const status = 'status' in error && typeof error.status === 'number' ? error.status : null;
            finish({ fileName, ok: false, status, body });
            options.onError?.(error, body);
          },
        });
      }, (error: unknown) => {
        // No XSRF token could be had: the file was never sent; it failed, and nothing waits for it.
        finish({ fileName, ok: false, status: null, body: undefined });
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
      });
    },
    [finish],
  );

  return { customRequest, uploading: pending > 0 };
}
