import { Alert, Button, Card, Descriptions, Flex, Skeleton, Table, Typography } from 'antd';
import type { WizardArticleNeed, WizardNotice, WizardPlanSummary, WizardProjectSummary } from '@linkloom/shared';
import { countOf } from '@/lib/action-feedback';
import { useWizardEditor } from '../editor-context';

const NOTICE_TYPE = { blocker: 'error', warning: 'warning', info: 'info' } as const;
const EMAIL_SOURCE_WORDS = { MANUAL: 'the Emails tab\'s own mailbox', LINKLOOM: 'fresh addresses of a catch-all mailbox', LIST: 'the email manager\'s unused mailboxes' } as const;

/** One notice with its fix: a tab of the wizard, or another screen in a new window (the wizard stays as it is). */
function Notice({ notice }: { notice: WizardNotice }) {
  const { openTab } = useWizardEditor();
  const { fix } = notice;
  const action = fix === null ? null : fix.kind === 'tab'
    ? <Button size="small" onClick={() => openTab(fix.tab, notice.tier)} data-testid="notice-fix">{fix.label}</Button>
    : <Button size="small" href={`#${fix.route}`} target="_blank" rel="noopener" data-testid="notice-fix">{fix.label}</Button>;
  return (
    <Alert
      type={NOTICE_TYPE[notice.level]} showIcon title={notice.message} action={action}
      data-testid={`wizard-notice-${notice.level}`} data-tab={notice.tab}
    />
  );
}

function articleWords(need: WizardArticleNeed): string {
  const left = need.usesLeft === null ? 'unlimited uses' : `${need.usesLeft} uses left`;
  return `${need.needed} needed · ${need.articles} articles, ${need.unused} unused, ${left}`;
}

const PROJECT_COLUMNS = [
  { title: 'Project', dataIndex: 'name', key: 'name' },
  { title: 'Module', dataIndex: 'moduleLabel', key: 'module' },
  { title: 'Sites', dataIndex: 'sites', key: 'sites', width: 80 },
  { title: 'Posts per site', dataIndex: 'perSite', key: 'perSite', width: 120 },
  { title: 'Posts', dataIndex: 'posts', key: 'posts', width: 80 },
];

function TierCard({ summary, tier }: { summary: WizardPlanSummary; tier: WizardPlanSummary['tiers'][number] }) {
  const articles = summary.articles.filter((need) => need.tiers.includes(tier.tier));
  return (
    <Card size="small" title={`Tier ${tier.tier}`} data-testid={`summary-tier-${tier.tier}`}
      extra={<Typography.Text type="secondary">{[countOf(tier.projects.length, 'project'), countOf(tier.sites, 'site'), countOf(tier.posts, 'post')].join(' · ')}</Typography.Text>}>
      <Table<WizardProjectSummary> size="small" pagination={false} rowKey="key" dataSource={tier.projects} columns={PROJECT_COLUMNS} />
      <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
        <Descriptions.Item label="Modules">{tier.modules.join(', ') || 'none'}</Descriptions.Item>
        <Descriptions.Item label="Accounts to register">{tier.accounts}</Descriptions.Item>
        {articles.map((need) => (
          <Descriptions.Item key={need.contentGroupId} label={`Articles of '${need.name}'`}>{articleWords(need)}</Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

/**
 * The Confirm tab's summary (issue 35 item 3): blockers and shortages first, each with its fix;
 * then per tier the projects, modules, sites, posts per site, accounts and articles; the mailboxes
 * needed against those available; and the schedule in plain words.
 */
export function ConfirmSummary() {
  const { summary, summaryLoading } = useWizardEditor();
  if (summary === null) return <Skeleton active data-testid="wizard-summary-loading" />;
  const { accounts } = summary;
  const mailboxes = accounts.source === 'LIST'
    ? `${accounts.toRegister} needed · ${accounts.unusedMailboxes} unused in the email manager`
    : accounts.source === 'LINKLOOM'
      ? `${accounts.toRegister} needed · ${accounts.catchAll ? 'a catch-all mailbox gives each a fresh address' : 'no catch-all mailbox'}`
      : `${accounts.toRegister} needed · from the Emails tab's mailbox`;
  return (
    <Flex vertical gap={12} data-testid="wizard-summary" data-loading={summaryLoading}>
      {summary.notices.map((notice) => <Notice key={`${notice.field}:${notice.message}`} notice={notice} />)}
      <Card size="small" title="Schedule" data-testid="summary-schedule">
        {summary.schedule.map((line) => <Typography.Paragraph key={line} style={{ marginBottom: 4 }}>{line}</Typography.Paragraph>)}
      </Card>
      <Card size="small" title="Accounts and mailboxes" data-testid="summary-mailboxes">
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Accounts to register">{accounts.toRegister}</Descriptions.Item>
          <Descriptions.Item label="Addresses from">{EMAIL_SOURCE_WORDS[accounts.source]}</Descriptions.Item>
          <Descriptions.Item label="Mailboxes">{mailboxes}</Descriptions.Item>
        </Descriptions>
      </Card>
      {summary.tiers.map((tier) => <TierCard key={tier.tier} summary={summary} tier={tier} />)}
    </Flex>
  );
}
