import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { Button, Upload, type ButtonProps } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { spinnerWhenSlow } from '@/lib/busy-spinner';
import { useUploadRequest, type ReadOutcome, type UploadResult } from '@/lib/use-upload-request';
import { useErrorList } from './error-list-dialog';

export type { UploadResult } from '@/lib/use-upload-request';

/** Props shared by {@link UploadButton} and {@link UploadDropZone}. */
export interface UploadProps {
  /** URL that takes the multipart POST; the file travels in the field `file`. */
  action: string;
  /** File types offered by the picker, e.g. '.csv,.txt'. */
  accept?: string;
  multiple?: boolean;
  /** Button text, or the drop zone's main line. */
  label?: ReactNode;
  /** Content screens end the success toast with a period (spec 3). */
  periodInMessages?: boolean;
  /** Called after each file, success or failure, so the list refreshes. */
  onDone?: (result: UploadResult) => void;
  /**
   * Reads the answer as an import outcome (lib/import-outcome): the toast says what was added and
   * refused, a file that added nothing is no success, and the refused lines are listed by their
   * number in the file (in the Error dialog for one file, under the file's name for several).
   */
  outcome?: ReadOutcome;
  /** Told when the first file starts (true) and when the last one ends (false). */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  testId?: string;
}

/**
 * A toolbar button that uploads the chosen file(s) with the session and the XSRF header and shows
 * the spec's upload toasts (see useUploadRequest). The button spins while a file is on its way.
 */
export function UploadButton(props: UploadProps & { buttonProps?: ButtonProps }) {
  const { action, accept, multiple = false, label = 'Upload', periodInMessages, onDone, outcome, disabled = false, buttonProps } = props;
  const testId = props.testId ?? 'upload-button';
  const listRefused = useErrorList();
  const { customRequest, uploading } = useUploadRequest({ periodInMessages, multiple, onDone, outcome, ...(multiple ? {} : { listRefused }) });
  return (
    <Upload
      name="file"
      action={action}
      accept={accept}
      multiple={multiple}
      customRequest={customRequest}
      showUploadList={false}
      disabled={disabled || uploading}
      data-testid={`${testId}-input`}
    >
      <Button icon={<UploadOutlined />} loading={spinnerWhenSlow(uploading)} disabled={disabled} data-testid={testId} {...buttonProps}>
        {label}
      </Button>
    </Upload>
  );
}

/**
 * The drop-zone variant for dialogs: click, press Enter, or drop files on it. Lists the files
 * with their progress.
 */
export function UploadDropZone(props: UploadProps & { hint?: ReactNode }) {
  const { action, accept, multiple = false, label = 'Click or drag a file here to upload', periodInMessages, onDone, outcome, onBusyChange, disabled = false, hint } = props;
  const testId = props.testId ?? 'upload-drop-zone';
  const listRefused = useErrorList();
  const { customRequest, uploading } = useUploadRequest({ periodInMessages, multiple, onDone, outcome, ...(multiple ? {} : { listRefused }) });
  const notifyBusy = useEffectEvent((busy: boolean) => onBusyChange?.(busy));
  useEffect(() => notifyBusy(uploading), [uploading]);
  return (
    <div data-testid={testId}>
      <Upload.Dragger
        name="file"
        action={action}
        accept={accept}
        multiple={multiple}
        customRequest={customRequest}
        disabled={disabled}
        data-testid={`${testId}-input`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{label}</p>
        {hint !== undefined && <p className="ant-upload-hint">{hint}</p>}
      </Upload.Dragger>
    </div>
  );
}
