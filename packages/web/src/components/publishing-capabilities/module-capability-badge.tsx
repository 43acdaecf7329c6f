import { Tag, Tooltip } from 'antd';
import type { ModuleCapability } from '@linkloom/shared';
import { capabilityBadgeState } from './capability-badge-state';

/** Props of {@link ModuleCapabilityBadge}. */
export interface ModuleCapabilityBadgeProps {
  /** The module's capability (usePublishingCapabilities); nothing is drawn while it is not known. */
  capability: ModuleCapability | undefined;
}

/**
 * Whether a module can publish with the user's sites, as a small tag ("3 sites" green, "not
 * verified" gold, "no site", "not supported" red) whose tooltip says why and what to do. The tag
 * takes keyboard focus, and the tooltip opens on focus as on hover; screen readers read both.
 * `data-tone` and `data-sites` are for tests.
 */
export function ModuleCapabilityBadge({ capability }: ModuleCapabilityBadgeProps) {
  if (!capability) return null;
  const state = capabilityBadgeState(capability);
  return (
    <Tooltip title={state.description} trigger={['hover', 'focus']}>
      <Tag
        color={state.colour} tabIndex={0} role="note" aria-label={`${capability.label}: ${state.text}. ${state.description}`}
        style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px', paddingInline: 4, cursor: 'help', whiteSpace: 'nowrap' }}
        data-testid={`capability-${capability.module}`} data-tone={state.tone} data-sites={capability.sites}
      >
        {state.text}
      </Tag>
    </Tooltip>
  );
}
