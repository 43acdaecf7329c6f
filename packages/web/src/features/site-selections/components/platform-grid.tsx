import { useMemo } from 'react';
import { Card, Checkbox, Flex, Space, Typography } from 'antd';
import { MODULES, type PlatformRow } from '@linkloom/shared';

/** The key of a platform of a module, as the editor keeps its ticks. */
export const platformKey = (row: { module: string; platform: string }) => `${row.module}\u0000${row.platform}`;

const moduleName = (module: string) => (MODULES as Record<string, string>)[module] ?? module;

export interface PlatformGridProps {
  platforms: readonly PlatformRow[];
  checked: ReadonlySet<string>;
  onCheckedChange: (next: Set<string>) => void;
}

/**
 * Select By Platforms (Condition): the platforms grouped by module, each module with its
 * selected / total count and a checkbox for all of its platforms, and the overall counts on top.
 */
export function PlatformGrid({ platforms, checked, onCheckedChange }: PlatformGridProps) {
  const groups = useMemo(() => {
    const byModule = new Map<string, PlatformRow[]>();
    for (const row of platforms) byModule.set(row.module, [...(byModule.get(row.module) ?? []), row]);
    return [...byModule].sort(([a], [b]) => moduleName(a).localeCompare(moduleName(b)));
  }, [platforms]);
  const selected = platforms.filter((row) => checked.has(platformKey(row))).length;

  const toggle = (rows: readonly PlatformRow[], on: boolean) => {
    const next = new Set(checked);
    for (const row of rows) {
      if (on) next.add(platformKey(row));
      else next.delete(platformKey(row));
    }
    onCheckedChange(next);
  };

  return (
    <div data-testid="platform-grid">
      <Typography.Text data-testid="platform-counts" data-selected={selected} data-total={platforms.length} style={{ display: 'block', marginBottom: 12 }}>
        Selected: {selected} · Total: {platforms.length}
      </Typography.Text>
      <Flex wrap gap={12}>
        {groups.map(([module, rows]) => {
          const on = rows.filter((row) => checked.has(platformKey(row))).length;
          return (
            <Card
              key={module}
              size="small"
              style={{ minWidth: 220 }}
              data-testid={`platform-group-${module}`}
              title={(
                <Checkbox
                  checked={on === rows.length}
                  indeterminate={on > 0 && on < rows.length}
                  onChange={(event) => toggle(rows, event.target.checked)}
                  data-testid={`platform-group-check-${module}`}
                >
                  {moduleName(module)} <Typography.Text type="secondary">({on}/{rows.length})</Typography.Text>
                </Checkbox>
              )}
            >
              <Space direction="vertical">
                {rows.map((row) => (
                  <Checkbox
                    key={row.platform}
                    checked={checked.has(platformKey(row))}
                    onChange={(event) => toggle([row], event.target.checked)}
                    data-testid={`platform-${module}-${row.platform}`}
                  >
                    {row.platform}
                  </Checkbox>
                ))}
              </Space>
            </Card>
          );
        })}
      </Flex>
    </div>
  );
}
