import { App, Card } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PathIdSchema } from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { useLiveTopic } from '@/lib/use-live-topic';
import { refetchReadBefore } from '@/lib/live-cache';
import { contentKeys } from '../api/content-keys';
import { useContentGroup } from '../api/content-groups-api';
import { GroupSettingsForm } from '../components/group-settings-form';
import { ArticleTable } from '../components/article-table';
import { NotFoundResult } from '@/components/not-found-result';

/** One content group (/content-group/:id): settings form and article table, kept live. */
export function ContentGroupPage() {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  return <ContentGroupScreen key={parsed.data} id={parsed.data} />;
}

function ContentGroupScreen({ id }: { id: number }) {
  const group = useContentGroup(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: contentKeys.group(id) });

  useLiveTopic(`content_group/${id}`, (live) => {
    if (live.name === 'contentGroupDeleted') {
      message.info('This content group was deleted.');
      void navigate('/content-groups', { replace: true });
      return;
    }
    refresh();
  }, (confirmedAt) => refetchReadBefore(queryClient, [contentKeys.group(id)], confirmedAt));

  if (group.isError) return <NotFoundResult />;
  const contentGroup = group.data?.contentGroup;
  const name = contentGroup?.name ?? '';
  return (
    <div data-testid="content-group-page">
      <PageHeader
        title={`Content Group: ${name}`}
        loading={group.isLoading}
        breadcrumbs={[{ title: 'Content Groups', to: '/content-groups' }, { title: name }]}
      />
      <Card size="small" title="Settings" style={{ marginBottom: 16 }}>
        {contentGroup && <GroupSettingsForm group={contentGroup} />}
      </Card>
      <ArticleTable groupId={id} articles={group.data?.articles} loading={group.isLoading} onChanged={refresh} />
    </div>
  );
}
