import { useEffect, useRef } from 'react';
import { Space, Typography } from 'antd';
import { ExplainedButton } from '@/components/disabled-reason';
import { EditOutlined, SaveOutlined } from '@ant-design/icons';
import { DISABLED_REASONS } from '@linkloom/shared';

/** Props of {@link EditButtons}. */
export interface EditButtonsProps {
  editing: boolean;
  saving: boolean;
  /** Why there is no entering edit mode and no saving (the project runs, spec 1 §4); null when allowed. */
  lockedReason: string | null;
  dirty?: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
}

/** True for Ctrl+S (Cmd+S on a Mac) without other modifiers. */
function isSaveShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';
}

/**
 * Edit, or Save and Cancel while editing (spec 1 §2, §4). While editing, Ctrl/Cmd+S saves
 * instead of the browser's "save page".
 */
export function EditButtons({ editing, saving, lockedReason, dirty, onEdit, onSave, onCancel }: EditButtonsProps) {
  const allowed = lockedReason === null;
  // The latest state for the key handler, so it is registered once per edit session.
  const latest = useRef({ saving, allowed, onSave });
  useEffect(() => {
    latest.current = { saving, allowed, onSave };
  });

  useEffect(() => {
    if (!editing) return undefined;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      const { saving: busy, allowed: may, onSave: save } = latest.current;
      if (!busy && may) save();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [editing]);

  if (!editing) {
    return (
      <ExplainedButton icon={<EditOutlined aria-hidden />} disabledReason={lockedReason} onClick={onEdit}>
        Edit
      </ExplainedButton>
    );
  }
  return (
    <Space size={8}>
      {dirty && <Typography.Text type="secondary" data-testid="unsaved-changes">Unsaved changes</Typography.Text>}
      <ExplainedButton type="primary" icon={<SaveOutlined aria-hidden />} loading={saving} disabledReason={lockedReason} onClick={onSave} title="Save (Ctrl+S)">
        Save
      </ExplainedButton>
      <ExplainedButton disabledReason={saving ? DISABLED_REASONS.waitFor('Save') : null} onClick={onCancel}>
        Cancel
      </ExplainedButton>
    </Space>
  );
}
