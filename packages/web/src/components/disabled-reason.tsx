import { cloneElement, useId, type CSSProperties, type ReactElement } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';

/** Why a control is off, saying what to do where it can; null (or undefined) while it is on. */
export type DisabledWhy = string | null | undefined;

/** What the wrapped control must accept: its description and its style. */
interface DescribableProps {
  'aria-describedby'?: string;
  style?: CSSProperties;
}

const WRAPPER_STYLE: CSSProperties = { display: 'inline-block', maxWidth: '100%' };
const OFF_WRAPPER_STYLE: CSSProperties = { ...WRAPPER_STYLE, cursor: 'not-allowed' };

/**
 * Says why the control inside is disabled (issue 39.2): with a reason, hovering or focusing the
 * control shows it in a tooltip, and screen readers hear it as the control's description.
 * A disabled control takes no pointer events and no focus, so the tooltip hangs on a wrapping
 * span (focusable while there is a reason; the control lets the pointer through to it). The
 * wrapper is there with or without a reason, so the control is not remounted when it turns on.
 * The control must be disabled by its own props: this only explains.
 */
export function DisabledReason({ reason, tooltip, children }: {
  reason: DisabledWhy;
  /** The tooltip while the control is on (an icon button's name); the reason replaces it while off. */
  tooltip?: string;
  children: ReactElement<DescribableProps>;
}) {
  const id = useId();
  const why = reason ? reason : null;
  const own = children.props;
  const control = why === null ? children : cloneElement(children, {
    'aria-describedby': own['aria-describedby'] ? `${own['aria-describedby']} ${id}` : id,
    style: { ...own.style, pointerEvents: 'none' },
  });
  return (
    <Tooltip title={why ?? tooltip} trigger={['hover', 'focus']}>
      <span
        style={why === null ? WRAPPER_STYLE : OFF_WRAPPER_STYLE}
        tabIndex={why === null ? undefined : 0}
        aria-describedby={why === null ? undefined : id}
        data-disabled-reason={why ?? undefined}
      >
        {control}
        {why !== null && <span id={id} hidden>{why}</span>}
      </span>
    </Tooltip>
  );
}

/**
 * An antd Button that is disabled while `disabledReason` is set, and says that reason ({@link DisabledReason}).
 * It has no bare `disabled`: a button is never off without saying why (while another action runs,
 * the reason says which: `DISABLED_REASONS.waitFor`).
 */
export interface ExplainedButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** Why the button is off and what to do; null while it can be pressed. */
  disabledReason: DisabledWhy;
  /** The tooltip while the button is on (an icon button's name). */
  tooltip?: string;
}

/** A Button that says why it is disabled (issue 39.2). */
export function ExplainedButton({ disabledReason, tooltip, ...props }: ExplainedButtonProps) {
  return (
    <DisabledReason reason={disabledReason} tooltip={tooltip}>
      <Button {...props} disabled={Boolean(disabledReason)} />
    </DisabledReason>
  );
}
