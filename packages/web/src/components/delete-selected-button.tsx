import type { ReactNode } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { DISABLED_REASONS } from '@linkloom/shared';
import { ExplainedButton } from './disabled-reason';

/** Props of {@link DeleteSelectedButton}. */
export interface DeleteSelectedButtonProps {
  /** How many rows are ticked: none disables the button, saying to select some. */
  selected: number;
  loading?: boolean;
  onClick: () => void;
  testId: string;
  children?: ReactNode;
}

/** The Delete of a list whose rows are ticked: off, saying why, until a row is (issue 39.2). */
export function DeleteSelectedButton({ selected, loading = false, onClick, testId, children = 'Delete' }: DeleteSelectedButtonProps) {
  return (
    <ExplainedButton
      danger icon={<DeleteOutlined />} loading={loading} onClick={onClick} data-testid={testId}
      disabledReason={selected === 0 ? DISABLED_REASONS.selectToDelete : null}
    >
      {children}
    </ExplainedButton>
  );
}
