import { useCallback, useState } from 'react';
import { App, type UploadProps } from 'antd';
import { ERROR_TOAST_SECONDS, TOAST_SECONDS, UPLOAD_MESSAGES } from '@linkloom/shared';
import { uploadProblemLines } from './error-lines';
import { reportHttpFailure, xsrfHeaders } from './http';

/** How one file's upload ended; `status` is null when no answer arrived. */
export interface UploadResult {
  fileName: string;
  ok: boolean;
  status: number | null;
  /** The parsed JSON answer (or its text, or undefined). */
  body: unknown;
}

/** Options of {@link useUploadRequest}. */
export interface UploadRequestOptions {
  /** Spec 3's content screens end the success toast with a period. */
  periodInMessages?: boolean;
  /** Several files at once (each its own upload): each file's problems are headed by its name. */
  multiple?: boolean;
  /** Called after every file, success or failure (a partial import still changed the list). */
  onDone?: (result: UploadResult) => void;
}

type CustomRequest = NonNullable<UploadProps['customRequest']>;

/**
 * An antd Upload `customRequest` that posts with the XSRF header (fetching the token first if
 * needed) through antd's own XHR request (progress included), then shows the spec's upload toasts:
 * '{file} file uploaded successfully' or '{file} file upload failed.', plus any error lines of the
 * answer for 5 seconds, one per line (spec 1, section 8), headed by the file's name when the
 * picker takes several files.
 */
export function useUploadRequest({ periodInMessages = false, multiple = false, onDone }: UploadRequestOptions): {
  customRequest: CustomRequest;
  uploading: boolean;
} {
  const { message } = App.useApp();
  const [pending, setPending] = useState(0);

  const finish = useCallback(
    (result: UploadResult) => {
      setPending((count) => count - 1);
      if (result.status === 401) {
        reportHttpFailure({ status: 401, url: '', statusText: '', body: result.body });
        return;
      }
      if (result.ok) message.success({ content: UPLOAD_MESSAGES.uploaded(result.fileName, periodInMessages), duration: TOAST_SECONDS });
      else message.error({ content: UPLOAD_MESSAGES.failed(result.fileName), duration: ERROR_TOAST_SECONDS });
      const lines = uploadProblemLines(result.fileName, result.body, multiple);
      if (lines.length > 0) {
        message.error({ content: lines.join('\n'), duration: ERROR_TOAST_SECONDS, style: { whiteSpace: 'pre-line' } });
      }
      onDone?.(result);
    },
    [message, periodInMessages, multiple, onDone],
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
