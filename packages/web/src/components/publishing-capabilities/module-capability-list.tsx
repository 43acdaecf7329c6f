import { Flex, Typography } from 'antd';
import { moduleLabel, type ModuleCapability } from '@linkloom/shared';
import { ModuleCapabilityBadge } from './module-capability-badge';

/** Props of {@link ModuleCapabilityList}. */
export interface ModuleCapabilityListProps {
  /** What the line is about ("Can publish"), before the modules. */
  title: string;
  /** Module ids, in the order shown. */
  modules: readonly string[];
  capabilityOf: (module: string) => ModuleCapability | undefined;
  'data-testid'?: string;
}

/** A line of modules, each named and followed by its ModuleCapabilityBadge (the site grids, a wizard tier). */
export function ModuleCapabilityList({ title, modules, capabilityOf, 'data-testid': testId }: ModuleCapabilityListProps) {
  if (modules.length === 0) return null;
  return (
    <Flex wrap align="center" gap="4px 16px" data-testid={testId}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {modules.map((module) => (
        <Flex key={module} align="center" gap={4} data-testid={`module-capability-${module}`}>
          <Typography.Text>{capabilityOf(module)?.label ?? moduleLabel(module)}</Typography.Text>
          <ModuleCapabilityBadge capability={capabilityOf(module)} />
        </Flex>
      ))}
    </Flex>
  );
}
