import { useCallback } from 'react';
import { App, Button, Typography } from 'antd';
import { COMMON_MESSAGES } from '@linkloom/shared';
import { formatErrorLine, type ErrorLine } from '@/lib/error-lines';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** Problems one per line; numbered problems read 'Line 3: …'. */
export function ErrorList({ lines }: { lines: readonly ErrorLine[] }) {
  return (
    <div data-testid="error-list" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
      {lines.map((line, index) => (
        <Typography.Paragraph key={index} style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
          {formatErrorLine(line)}
        </Typography.Paragraph>
      ))}
    </div>
  );
}

/**
 * Opens the dialog titled Error that lists backend problems one per line (a project's lastError,
 * an import's errorList; spec 1, section 5). `modal` is `App.useApp().modal`.
 */
export function showErrorList(modal: ModalApi, lines: readonly ErrorLine[], title: string = COMMON_MESSAGES.errorDialogTitle): void {
  modal.error({
    title,
    content: <ErrorList lines={lines.length > 0 ? lines : [COMMON_MESSAGES.unknownError]} />,
    width: 640,
    okButtonProps: { 'data-testid': 'error-list-ok' },
  });
}

/** {@link showErrorList} bound to the app's modal API. */
export function useErrorList(): (lines: readonly ErrorLine[], title?: string) => void {
  const { modal } = App.useApp();
  return useCallback((lines, title) => showErrorList(modal, lines, title), [modal]);
}

/** The project screens' 'View Error' button: shown only when there are problems to list. */
export function ViewErrorButton({ lines, label = 'View Error' }: { lines: readonly ErrorLine[] | null | undefined; label?: string }) {
  const showList = useErrorList();
  if (!lines || lines.length === 0) return null;
  return (
    <Button danger onClick={() => showList(lines)} data-testid="view-error">
      {label}
    </Button>
  );
}
