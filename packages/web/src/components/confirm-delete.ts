import { useCallback, type ReactNode } from 'react';
import { App } from 'antd';
import { COMMON_MESSAGES } from '@linkloom/shared';
import { DIALOG_LABELS } from './dialog-labels';

/** What the confirmation says. */
export interface ConfirmDeleteOptions {
  /** 'Delete' unless given. */
  title?: ReactNode;
  /** 'Do you want to delete the selected items?' unless given. */
  content?: ReactNode;
  /** Text of the danger button; 'Delete' unless given. */
  okText?: string;
}

/**
 * Confirmation dialogs through antd's context-aware modal (it follows the app's theme).
 * `await confirmDelete({ content })` is true when the user chose Delete, false on Cancel or
 * Escape. The Cancel button takes the focus: Enter alone never deletes anything.
 */
export function useConfirm(): { confirmDelete: (options?: ConfirmDeleteOptions) => Promise<boolean> } {
  const { modal } = App.useApp();
  const confirmDelete = useCallback(
    (options: ConfirmDeleteOptions = {}) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: options.title ?? 'Delete',
          content: options.content ?? COMMON_MESSAGES.confirmDeleteSelected,
          okText: options.okText ?? DIALOG_LABELS.delete,
          cancelText: DIALOG_LABELS.cancel,
          okButtonProps: { danger: true, 'data-testid': 'confirm-delete-ok' },
          cancelButtonProps: { 'data-testid': 'confirm-delete-cancel' },
          focusable: { autoFocusButton: 'cancel' },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
  return { confirmDelete };
}
