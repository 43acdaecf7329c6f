import { Link } from 'react-router';
import { NAME_TRUNCATE_LENGTH, truncate } from '@linkloom/shared';

/** Props of {@link TruncatedLink}. */
export interface TruncatedLinkProps {
  /** Route path, e.g. `/private-network/12`. */
  to: string;
  name: string;
  /** Characters shown before the ellipsis; NAME_TRUNCATE_LENGTH (120) unless given. */
  max?: number;
  testId?: string;
}

/**
 * A name in a list that links to its screen, cut at 120 characters plus an ellipsis
 * (spec 1, section 9); the full name shows as the tooltip when it was cut.
 */
export function TruncatedLink({ to, name, max = NAME_TRUNCATE_LENGTH, testId = 'name-link' }: TruncatedLinkProps) {
  const shown = truncate(name, max);
  return (
    <Link to={to} title={shown === name ? undefined : name} data-testid={testId}>
      {shown}
    </Link>
  );
}
