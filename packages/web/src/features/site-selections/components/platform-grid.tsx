import { useMemo } from 'react';
import { Card, Checkbox, Empty, Flex, Space, Switch, Typography } from 'antd';
import { MODULES, platformPairKey, platformPairOfKey, shownPlatformRows, type PlatformRow } from '@linkloom/shared';
import { useUrlValue, type UrlCodec } from '@/lib/use-url-state';

/** "Show platforms without sites", kept in the address (?platforms=all). */
const WITHOUT_SITES: UrlCodec<boolean> = {
  read: (params) => params.get('platforms') === 'all',
  write: (params, all) => {
    const next = new URLSearchParams(params);
    if (all) next.set('platforms', 'all');
    else next.delete('platforms');
    return next;
  },
};

const sitesLabel = (count: number) => (count === 1 ? '1 site' : `${count} sites`);

const moduleName = (module: string) => (MODULES as Record<string, string>)[module] ?? module;

export interface PlatformGridProps {
  platforms: readonly PlatformRow[];
  checked: ReadonlySet<string>;
  onCheckedChange: (next: Set<string>) => void;
}

/**
 * Select By Platforms (Condition): the platforms of the user's sites (and the ticked ones) grouped
 * by module, each with its number of sites; each module with its selected / total count and a
 * checkbox for all of its platforms, and the overall counts on top. A switch adds the platforms no
 * site has yet (a selection by platform also takes sites added later).
 */
export function PlatformGrid({ platforms: listed, checked, onCheckedChange }: PlatformGridProps) {
  const [withoutSites, setWithoutSites] = useUrlValue(WITHOUT_SITES);
  // Pairs ticked since the load stay listed when the switch goes off (the server lists those saved).
  const platforms = useMemo(() => {
    const ticked = [...checked].map((key) => ({ ...platformPairOfKey(key), checked: true }));
    return shownPlatformRows([...ticked, ...listed], withoutSites);
  }, [checked, listed, withoutSites]);
  const groups = useMemo(() => {
    const byModule = new Map<string, PlatformRow[]>();
    for (const row of platforms) byModule.set(row.module, [...(byModule.get(row.module) ?? []), row]);
    return [...byModule].sort(([a], [b]) => moduleName(a).localeCompare(moduleName(b)));
  }, [platforms]);
  const selected = platforms.filter((row) => checked.has(platformPairKey(row))).length;

  const toggle = (rows: readonly PlatformRow[], on: boolean) => {
    const next = new Set(checked);
    for (const row of rows) {
      if (on) next.add(platformPairKey(row));
      else next.delete(platformPairKey(row));
    }
    onCheckedChange(next);
  };

  return (
    <div data-testid="platform-grid">
      <Flex wrap gap={16} align="center" style={{ marginBottom: 12 }}>
        <Typography.Text data-testid="platform-counts" data-selected={selected} data-total={platforms.length}>
          Selected: {selected} · Total: {platforms.length}
        </Typography.Text>
        <Space>
          <Switch id="platforms-without-sites" size="small" checked={withoutSites} onChange={(on) => setWithoutSites(on)} data-testid="platforms-without-sites" />
          <label htmlFor="platforms-without-sites">Show platforms without sites</label>
        </Space>
      </Flex>
      {groups.length === 0 && (
        <Empty
          data-testid="platforms-empty"
          description="None of your sites is listed yet: add sites on the Custom Sites screen or in a private network, or show the platforms without sites to choose for sites to come"
        />
      )}
      <Flex wrap gap={12}>
        {groups.map(([module, rows]) => {
          const on = rows.filter((row) => checked.has(platformPairKey(row))).length;
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
                    checked={checked.has(platformPairKey(row))}
                    onChange={(event) => toggle([row], event.target.checked)}
                    data-testid={`platform-${module}-${row.platform}`}
                  >
                    {row.platform} <Typography.Text type="secondary" data-testid={`platform-sites-${module}-${row.platform}`}>{sitesLabel(row.sites ?? 0)}</Typography.Text>
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
