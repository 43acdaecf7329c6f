import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { statusColour, statusWords } from '@linkloom/shared';

/** Props of {@link StatusTag}. */
export interface StatusTagProps {
  /** The raw status (RUNNING, FAILED, …): it picks the colour; its words are the default text. */
  status: string;
  /** Text to show instead of the raw status. */
  children?: ReactNode;
}

/**
 * A project, campaign or site status as a coloured tag (spec 1, section 4: neutral, blue, purple,
 * orange, green), written as words ("Starting verification", never STARTING_VERIFYING; issue 11.4).
 * `data-status` carries the raw value for tests.
 */
export function StatusTag({ status, children }: StatusTagProps) {
  const colour = statusColour(status);
  return (
    <Tag color={colour === 'default' ? undefined : colour} data-testid="status-tag" data-status={status}>
      {children ?? statusWords(status)}
    </Tag>
  );
}
