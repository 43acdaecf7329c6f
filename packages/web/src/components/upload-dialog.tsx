import { useState, type ReactNode } from 'react';
import { Flex, Modal, Typography } from 'antd';
import { DISABLED_REASONS } from '@linkloom/shared';
import { summarise } from '@/lib/action-feedback';
import { spinnerWhenSlow } from '@/lib/busy-spinner';
import { DIALOG_LABELS } from './dialog-labels';
import { ExplainedButton } from './disabled-reason';
import { UploadDropZone, type UploadProps, type UploadResult } from './upload-button';

/** Props of {@link UploadDialog}. */
export interface UploadDialogProps extends UploadProps {
  open: boolean;
  title: ReactNode;
  hint?: ReactNode;
  onClose: () => void;
  /** data-testid of the drop zone inside (`testId` names the dialog). */
  zoneTestId?: string;
}

/**
 * A dialog around the drop zone that says how its uploads went and offers Done once the last one
 * has finished (issue 11.3): while files are on their way Done waits, so nobody closes it on a
 * half-finished upload by mistake. Every opening starts with nothing counted.
 */
export function UploadDialog(props: UploadDialogProps) {
  const { open, title, onClose, onDone, testId = 'upload-dialog', zoneTestId, ...zone } = props;
  const [busy, setBusy] = useState(false);
  const [counts, setCounts] = useState({ uploaded: 0, failed: 0 });

  const handleDone = (result: UploadResult) => {
    // A file whose every line was refused changed nothing: it counts as failed, as its toast says.
    setCounts((old) => (result.accepted ? { ...old, uploaded: old.uploaded + 1 } : { ...old, failed: old.failed + 1 }));
    onDone?.(result);
  };
  const tried = counts.uploaded + counts.failed;

  return (
    <Modal
      open={open} title={title} onCancel={onClose} destroyOnHidden data-testid={testId}
      afterClose={() => setCounts({ uploaded: 0, failed: 0 })}
      footer={(
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text type={counts.failed > 0 ? 'warning' : 'secondary'} data-testid={`${testId}-summary`}>
            {busy ? 'Uploading…' : tried > 0 ? summarise([{ count: counts.uploaded, noun: 'file', verb: 'uploaded' }, { count: counts.failed, noun: 'file', verb: 'failed' }]) : '\u00a0'}
          </Typography.Text>
          <ExplainedButton
            type="primary" onClick={onClose} loading={spinnerWhenSlow(busy)} disabledReason={busy ? DISABLED_REASONS.waitFor('the upload') : null} data-testid={`${testId}-done`}
          >
            {DIALOG_LABELS.done}
          </ExplainedButton>
        </Flex>
      )}
    >
      <UploadDropZone {...zone} testId={zoneTestId} onDone={handleDone} onBusyChange={setBusy} />
    </Modal>
  );
}
