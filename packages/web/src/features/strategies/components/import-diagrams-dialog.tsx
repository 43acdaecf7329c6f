import { Modal } from 'antd';
import { STRATEGY_MESSAGES, StrategyImportResponseSchema } from '@linkloom/shared';
import { importOutcome, type ImportOutcome } from '@/lib/import-outcome';
import { UploadDropZone } from '@/components/upload-button';

/** A diagram upload's answer as its outcome: '2 diagrams added, 1 file refused', each refused file with why. */
export function diagramImportOutcome(body: unknown): ImportOutcome | null {
  const answer = StrategyImportResponseSchema.safeParse(body);
  if (!answer.success) return null;
  const { imported, errors } = answer.data;
  return importOutcome(
    [{ count: imported.length, noun: 'diagram', verb: 'added' }, { count: errors.length, noun: 'file', verb: 'refused' }],
    errors.map((problem) => `${problem.file}: ${problem.message}`),
  );
}

/**
 * 'Import Diagrams' (spec 2 §2): several diagram files (.json) or a ZIP of them through the shared
 * drop zone; each file gets its upload toast with what it added, and the files the server refused
 * are listed with the reason (the good ones of a ZIP are imported all the same).
 */
export function ImportDiagramsDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <Modal open={open} title="Import Diagrams" onCancel={onClose} footer={null} destroyOnHidden data-testid="import-diagrams-dialog">
      <UploadDropZone
        action="/action/import/strategies"
        accept=".json,.zip,application/json,application/zip"
        multiple
        label="Click or drag diagram files (.json) or a ZIP here"
        hint={STRATEGY_MESSAGES.importHint}
        outcome={diagramImportOutcome}
        onDone={onImported}
        testId="upload-diagrams"
      />
    </Modal>
  );
}
