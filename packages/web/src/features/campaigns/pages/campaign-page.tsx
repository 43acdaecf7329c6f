import { Suspense, lazy } from 'react';
import { Alert, Space, Spin, Tabs } from 'antd';
import { useParams } from 'react-router';
import { PathIdSchema } from '@linkloom/shared';
import { DroppedTargetsAlert } from '@/components/link-reports/dropped-targets-alert';
import { CheckNowButton } from '@/components/check-now/check-now-button';
import { NotFoundResult } from '@/components/not-found-result';
import { PageHeader } from '@/components/page-header';
import { isNotFound } from '@/lib/http-error';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { useUrlTab } from '@/lib/use-url-state';
import { campaignKeys } from '../api/campaign-keys';
import { useCampaign } from '../api/campaign-api';
import { SchedulerSwitch } from '../components/scheduler-switch';
import { ProjectsTab } from '../components/projects-tab';
import { LinkSetsTab, ProfilesTab } from '../components/campaign-tabs';
import { CaptchaWarnings } from '../components/captcha-warnings';
import { NotificationBanner } from '../components/notification-banner';

/** The Reports tab (issue 18.4) is its own chunk: the charting library loads with it. */
const ReportsTab = lazy(() => import('@/components/link-reports/reports-tab'));

const TABS = ['projects', 'accounts', 'backlinks', 'reports'] as const;

/** The body of /campaign/:id once the id is known to be a number. */
function CampaignScreen({ id }: { id: number }) {
  const campaign = useCampaign(id);
  // The open tab lives in the address (?tab=backlinks): reload, Back and a shared link keep it.
  const [tab, openTab] = useUrlTab(TABS, 'projects');
  // Every campaign/{id} message (new, edited, deleted rows, status) and the list's renames and
  // status changes refresh this screen.
  useLiveInvalidate(`campaign/${id}`, [campaignKeys.detail(id)]);
  useLiveInvalidate('campaigns', [campaignKeys.detail(id)]);
  const data = campaign.data;
  const name = data?.campaign.name ?? '';
  if (campaign.isError && isNotFound(campaign.error)) return <NotFoundResult />;

  return (
    <div data-testid="campaign-page">
      <PageHeader
        title={`Campaign: ${name}`} loading={campaign.isLoading}
        breadcrumbs={[{ title: 'Campaigns', to: '/campaigns' }, { title: `Campaign: ${name}` }]}
        extra={data && (
          <Space size={12} wrap>
            {/* Every published link of the campaign re-checked at once (issue 36). */}
            <CheckNowButton scope={{ campaignId: id }} label="Check links now" testId="check-now-campaign" />
            <SchedulerSwitch campaign={data.campaign} />
          </Space>
        )}
      />
      <NotificationBanner />
      <CaptchaWarnings campaignId={id} />
      {/* Only for a campaign that is there: the report of an unknown id would answer 404 (a second error toast). */}
      {data && <DroppedTargetsAlert campaignId={id} />}
      {campaign.isError && <Alert type="error" showIcon title="Failed to load the campaign." data-testid="load-failed" />}
      {!campaign.isError && (
        <Tabs
          data-testid="campaign-tabs"
          activeKey={tab}
          onChange={openTab}
          items={[
            { key: 'projects', label: 'Projects', children: <ProjectsTab campaignId={id} projects={data?.projects} loading={campaign.isLoading} /> },
            { key: 'accounts', label: 'Accounts', children: <ProfilesTab campaignId={id} rows={data?.profiles} loading={campaign.isLoading} /> },
            { key: 'backlinks', label: 'Backlinks', children: <LinkSetsTab campaignId={id} rows={data?.urlLists} loading={campaign.isLoading} /> },
            { key: 'reports', label: 'Reports', children: <Suspense fallback={<Spin />}><ReportsTab campaignId={id} liveCampaignId={id} /></Suspense> },
          ]}
        />
      )}
    </div>
  );
}

/** One campaign with its tabs Projects, Accounts, Backlinks (/campaign/:id, spec 1 §2) and Reports (issue 18.4). */
export function CampaignPage() {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  return <CampaignScreen key={parsed.data} id={parsed.data} />;
}
