import type { ButtonProps } from 'antd';

/** How long a button must stay busy before its spinner shows. */
export const BUSY_SPINNER_DELAY_MS = 200;

const DELAYED: ButtonProps['loading'] = { delay: BUSY_SPINNER_DELAY_MS };

/**
 * A button's `loading` for work that is often over at once (a small upload to this server): the
 * spinner shows only once the work has lasted {@link BUSY_SPINNER_DELAY_MS}, so a quick upload does
 * not flash one. It also avoids an antd quirk: a loading icon shown and hidden within one frame
 * starts a leave motion whose transition never runs, so the hidden icon stays in the button,
 * spinning, until the button unmounts. Keep the button `disabled` while busy for at once.
 */
export function spinnerWhenSlow(busy: boolean): ButtonProps['loading'] {
  return busy ? DELAYED : false;
}
