import { useCallback } from 'react';
import { Modal } from 'antd';
import { STRATEGY_MESSAGES, StrategyImportResponseSchema } from '@linkloom/shared';
import { toastProblems } from '@/lib/action-feedback';
import { UploadDropZone, type UploadResult } from '@/components/upload-button';

/**
 * 'Import Diagrams' (spec 2 §2): several diagram files (.json) or a ZIP of them through the shared
 * drop zone; each file gets its upload toast, and the files the server refused are listed with
 * the reason (the good ones of a ZIP are imported all the same).
 */
export function ImportDiagramsDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const handleDone = useCallback(
    (result: UploadResult) => {
      onImported();
      const answer = StrategyImportResponseSchema.safeParse(result.body);
      if (answer.success) toastProblems(answer.data.errors.map((problem) => `${problem.file}: ${problem.message}`));
    },
    [onImported],
  );
  return (
    <Modal open={open} title="Import Diagrams" onCancel={onClose} footer={null} destroyOnHidden data-testid="import-diagrams-dialog">
      <UploadDropZone
        action="/action/import/strategies"
        accept=".json,.zip,application/json,application/zip"
        multiple
        label="Click or drag diagram files (.json) or a ZIP here"
        hint={STRATEGY_MESSAGES.importHint}
        onDone={handleDone}
        testId="upload-diagrams"
      />
    </Modal>
  );
}
