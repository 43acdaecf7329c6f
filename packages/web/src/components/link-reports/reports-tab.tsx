import { Alert, Spin } from 'antd';
import {
  ANCHOR_TYPE_LABELS, type AnchorMixReportRow, type DofollowRow, type LinkReport, type PostsPerDayRow, type StrategyGraphNode, type SurvivalRow, type TierAnchorMixReportRow,
} from '@linkloom/shared';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { reportKeys, useLinkReport, type ReportScope } from './reports-api';
import { REPORT_SETTLE_MS } from './dropped-targets-alert';
import { BarsChart, LinesChart } from './report-charts';
import { ReportSection, percent, type ReportColumn } from './report-section';
import { StrategyReportDiagram } from './strategy-report-diagram';

const TIER_ANCHOR_COLUMNS: ReportColumn<TierAnchorMixReportRow>[] = [
  { key: 'tier', title: 'Tier', value: (row) => row.tier },
  { key: 'type', title: 'Anchor kind', value: (row) => ANCHOR_TYPE_LABELS[row.type] ?? row.type },
  { key: 'count', title: 'Placed', value: (row) => row.count },
  { key: 'realised', title: 'Realised', value: (row) => row.realised, format: percent },
  { key: 'configured', title: 'Configured', value: (row) => row.configured, format: percent },
];

const ANCHOR_COLUMNS: ReportColumn<AnchorMixReportRow>[] = [
  { key: 'tier', title: 'Tier', value: (row) => row.tier },
  { key: 'project', title: 'Project', value: (row) => row.projectName },
  { key: 'linkSet', title: 'Link set', value: (row) => row.linkSetName },
  { key: 'type', title: 'Anchor kind', value: (row) => ANCHOR_TYPE_LABELS[row.type] ?? row.type },
  { key: 'count', title: 'Placed', value: (row) => row.count },
  { key: 'realised', title: 'Realised', value: (row) => row.realised, format: percent },
  { key: 'configured', title: 'Configured', value: (row) => row.configured, format: percent },
];

const POSTS_COLUMNS: ReportColumn<PostsPerDayRow>[] = [
  { key: 'project', title: 'Project', value: (row) => row.projectName },
  { key: 'day', title: 'Day (UTC)', value: (row) => row.day },
  { key: 'planned', title: 'Planned', value: (row) => row.planned },
  { key: 'published', title: 'Published', value: (row) => row.published },
];

const SURVIVAL_COLUMNS: ReportColumn<SurvivalRow>[] = [
  { key: 'group', title: 'Group', value: (row) => `${row.by === 'tier' ? '' : 'Platform '}${row.group}` },
  { key: 'age', title: 'Age (days)', value: (row) => row.ageDays },
  { key: 'total', title: 'Links that old', value: (row) => row.total },
  { key: 'alive', title: 'Alive', value: (row) => row.alive },
  { key: 'share', title: 'Alive share', value: (row) => row.share, format: percent },
];

const DOFOLLOW_COLUMNS: ReportColumn<DofollowRow>[] = [
  { key: 'site', title: 'Site', value: (row) => row.site },
  { key: 'dofollow', title: 'Dofollow', value: (row) => row.dofollow },
  { key: 'nofollow', title: 'Nofollow', value: (row) => row.nofollow },
  { key: 'share', title: 'Dofollow share', value: (row) => row.share, format: percent },
];

const NODE_COLUMNS: ReportColumn<StrategyGraphNode>[] = [
  { key: 'node', title: 'Node', value: (row) => row.label },
  { key: 'tier', title: 'Tier', value: (row) => row.tier },
  { key: 'projects', title: 'Projects', value: (row) => row.projects.map((project) => project.name).join(', ') },
  { key: 'live', title: 'Live', value: (row) => row.live },
  { key: 'dead', title: 'Dead', value: (row) => row.dead },
  { key: 'pending', title: 'Pending', value: (row) => row.pending },
  { key: 'atRisk', title: 'At risk', value: (row) => row.atRisk },
];

/** Posts per day summed over the scope's projects, for the chart. */
function postsByDay(rows: readonly PostsPerDayRow[]) {
  const days = new Map<string, { day: string; planned: number; published: number }>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { day: row.day, planned: 0, published: 0 };
    day.planned += row.planned;
    day.published += row.published;
    days.set(row.day, day);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** The survival shares as one row per age with a column per group. */
function survivalByAge(rows: readonly SurvivalRow[]) {
  const groups = [...new Set(rows.map((row) => `${row.by}:${row.group}`))];
  const ages = new Map<number, Record<string, number | null>>();
  for (const row of rows) {
    const age = ages.get(row.ageDays) ?? { ageDays: row.ageDays };
    age[`${row.by}:${row.group}`] = row.share;
    ages.set(row.ageDays, age);
  }
  return {
    data: [...ages.values()].sort((a, b) => Number(a.ageDays) - Number(b.ageDays)),
    series: groups.map((key) => ({ key, name: key.startsWith('tier:') ? key.slice(5) : `Platform ${key.slice(9)}` })),
  };
}

function Reports({ report, fileName }: { report: LinkReport; fileName: string }) {
  const survival = survivalByAge(report.survival);
  return (
    <div data-testid="reports">
      <ReportSection
        id="anchor-mix" title="Anchor mix" fileName={fileName} rows={report.anchorMix} columns={ANCHOR_COLUMNS}
        description="Anchors placed in published posts by kind, against the shares the link set's keywords ask for."
        chart={() => (
          <BarsChart
            x="name" unit="%" rows
            data={report.anchorMix.map((row) => ({ name: `${row.projectName}: ${ANCHOR_TYPE_LABELS[row.type] ?? row.type}`, realised: row.realised, configured: row.configured }))}
            series={[{ key: 'realised', name: 'Realised' }, { key: 'configured', name: 'Configured' }]}
          />
        )}
      />
      <ReportSection
        id="anchor-mix-tiers" title="Anchor mix per tier" fileName={fileName} rows={report.anchorMixByTier} columns={TIER_ANCHOR_COLUMNS}
        description="Each tier's anchors together (every tier follows the mix of the link sets it links), against what those link sets ask for."
        chart={() => (
          <BarsChart
            x="name" unit="%" rows
            data={report.anchorMixByTier.map((row) => ({ name: `Tier ${row.tier}: ${ANCHOR_TYPE_LABELS[row.type] ?? row.type}`, realised: row.realised, configured: row.configured }))}
            series={[{ key: 'realised', name: 'Realised' }, { key: 'configured', name: 'Configured' }]}
          />
        )}
      />
      <ReportSection
        id="posts-per-day" title="Posts per day" fileName={fileName} rows={report.postsPerDay} columns={POSTS_COLUMNS}
        description="Posts the schedule planned for each day (Spread: evenly over its days) and the posts published that day."
        chart={() => <LinesChart x="day" data={postsByDay(report.postsPerDay)} series={[{ key: 'planned', name: 'Planned' }, { key: 'published', name: 'Published' }]} />}
      />
      <ReportSection
        id="survival" title="Live links over time" fileName={fileName} rows={report.survival} columns={SURVIVAL_COLUMNS}
        description="Of the posts at least this many days old, the share still alive at that age, per tier and per platform."
        chart={() => <LinesChart x="ageDays" xUnit=" d" unit="%" data={survival.data} series={survival.series} />}
      />
      <ReportSection
        id="dofollow" title="Dofollow share per site" fileName={fileName} rows={report.dofollow} columns={DOFOLLOW_COLUMNS}
        description="Of the live links on each site, the share the latest check found followed."
        chart={() => <BarsChart x="site" unit="%" rows data={report.dofollow.map((row) => ({ site: row.site, share: row.share }))} series={[{ key: 'share', name: 'Dofollow share' }]} />}
      />
      <ReportSection
        id="strategy" title="Strategy" fileName={fileName} rows={report.strategy.nodes.filter((node) => node.projects.length > 0)} columns={NODE_COLUMNS}
        description={report.strategy.source === 'diagram'
          ? "The campaign's strategy diagram, each node with its projects' posts: live, dead (dropped as a target), pending (not checked yet, or one dead check)."
          : "The campaign's projects tier by tier, each tier with its posts: live, dead (dropped as a target), pending (not checked yet, or one dead check)."}
        chart={() => <StrategyReportDiagram graph={report.strategy} />}
      />
    </div>
  );
}

/** The Reports tab of a campaign or a project (issue 18.4), refreshed as checks land. A lazy chunk: recharts loads with it. */
export default function ReportsTab(scope: ReportScope & { liveCampaignId: number }) {
  const { liveCampaignId, ...only } = scope;
  const key = only as ReportScope;
  const report = useLinkReport(key);
  useLiveInvalidate(`campaign/${liveCampaignId}`, [reportKeys.of(key)], REPORT_SETTLE_MS);
  if (report.isError) return <Alert type="error" showIcon title="Failed to load the reports." data-testid="reports-failed" />;
  if (!report.data) return <Spin data-testid="reports-loading" />;
  const fileName = key.projectId !== undefined ? `project-${key.projectId}` : `campaign-${key.campaignId}`;
  return <Reports report={report.data} fileName={fileName} />;
}
