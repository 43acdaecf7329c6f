import type { ReactNode } from 'react';
import { Space, type ModalProps } from 'antd';
import { DISABLED_REASONS } from '@linkloom/shared';
import { ExplainedButton } from './disabled-reason';
import { DIALOG_LABELS } from './dialog-labels';

/** What {@link formDialogButtons} needs to know of a dialog whose OK submits its form. */
export interface FormDialogButtonsOptions {
  /** The OK button's words ('Create', 'Import', 'Download' …): also what Cancel waits for while busy. */
  okText: string;
  /** True while the OK button's work runs: OK spins, Cancel is off and says why, Escape and the close icon do nothing. */
  busy: boolean;
  onCancel: () => void;
  /** The OK button's test id; Cancel's is the same with `-cancel` for `-ok`. */
  okTestId: string;
}

type FooterButtons = Parameters<Extract<NonNullable<ModalProps['footer']>, (...args: never[]) => unknown>>[1];

/**
 * The buttons of a dialog whose OK submits the form around it (a Modal with `modalRender` wrapping
 * a Form): the Modal props for OK and Cancel, with a Cancel that says why it is off while OK's work
 * runs (issue 39.2: every disabled control says why), in place of a bare `cancelButtonProps.disabled`.
 */
export function formDialogButtons({ okText, busy, onCancel, okTestId }: FormDialogButtonsOptions): Pick<ModalProps, 'okText' | 'onCancel' | 'okButtonProps' | 'footer'> {
  const cancelTestId = okTestId.endsWith('-ok') ? `${okTestId.slice(0, -3)}-cancel` : `${okTestId}-cancel`;
  return {
    okText,
    onCancel: busy ? undefined : onCancel,
    okButtonProps: { htmlType: 'submit', loading: busy, 'data-testid': okTestId },
    footer: (_default: ReactNode, { OkBtn }: FooterButtons) => (
      <Space>
        <ExplainedButton onClick={onCancel} disabledReason={busy ? DISABLED_REASONS.waitFor(okText) : null} data-testid={cancelTestId}>
          {DIALOG_LABELS.cancel}
        </ExplainedButton>
        <OkBtn />
      </Space>
    ),
  };
}
