import { useState, type Key } from 'react';
import { Alert, Button, Tag, type TableColumnsType } from 'antd';
import { CloudDownloadOutlined, PlusOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ARTICLE_TITLE_TRUNCATE_LENGTH, DISABLED_REASONS, type ArticleSummary } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { TruncatedLink } from '@/components/truncated-link';
import { useConfirm } from '@/components/confirm-delete';
import { useDeleteArticles } from '../api/content-groups-api';
import { ArticleUploadDialog, type ArticleUploadKind } from './article-upload-dialog';
import { ArticleAuthorDialog } from './article-author-dialog';
import { KmDownloadDialog } from './km-download-dialog';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import { ExplainedButton } from '@/components/disabled-reason';

/**
 * A group's article table with its toolbar: add, delete selected, the two uploads and the
 * download from a Kontent Machine campaign.
 */
export function ArticleTable(props: { groupId: number; articles: readonly ArticleSummary[] | undefined; loading: boolean; onChanged: () => void }) {
  const { groupId, articles, loading, onChanged } = props;
  const navigate = useNavigate();
  const deleteArticles = useDeleteArticles(groupId);
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [upload, setUpload] = useState<ArticleUploadKind | null>(null);
  const [authorFor, setAuthorFor] = useState<number[] | null>(null);
  const [kmOpen, setKmOpen] = useState(false);
  const missing = (articles ?? []).filter((article) => article.authorMissing).map((article) => article.id);

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: 'Do you really want to delete the selected articles?' }))) return;
    await deleteArticles.mutateAsync(selectedKeys.map(Number));
    setSelectedKeys([]);
  };

  const columns: TableColumnsType<ArticleSummary> = [
    { title: 'ID', dataIndex: 'id', width: 90, sorter: (a, b) => a.id - b.id },
    {
      title: 'Title', dataIndex: 'title', sorter: (a, b) => a.title.localeCompare(b.title),
      render: (_, row) => <TruncatedLink to={`/article/${row.id}`} name={row.title} max={ARTICLE_TITLE_TRUNCATE_LENGTH} testId="article-link" />,
    },
    { title: 'Usage Count', dataIndex: 'usageCount', width: 140, sorter: (a, b) => a.usageCount - b.usageCount },
    {
      title: 'Author', dataIndex: 'authorMissing', width: 130,
      render: (authorMissing: boolean, row) => (authorMissing
        ? <Tag color="warning" data-testid={`author-missing-${row.id}`}>Missing</Tag>
        : <span aria-label="Author given">✓</span>),
    },
  ];

  return (
    <>
      {missing.length > 0 && (
        <Alert
          type="warning" showIcon style={{ marginBottom: 16 }} data-testid="articles-missing-author"
          title={`${missing.length} ${missing.length === 1 ? 'article has' : 'articles have'} no author name or bio`}
          description="Uploaded articles come without them, and the article form requires both before it saves. Give them one author here, or open each article."
          action={<Button size="small" onClick={() => setAuthorFor(missing)} data-testid="fill-missing-authors">Set author</Button>}
        />
      )}
      <DataTable<ArticleSummary>
        testId="articles-table" urlState
        columns={columns}
        rows={articles}
        rowKey="id"
        loading={loading}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        emptyText="No articles yet: add one or upload text files"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/new-article/${groupId}`)} data-testid="add-article">
                Add new article
              </Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteArticles.isPending} onClick={() => void handleDelete()} testId="delete-articles">Delete selected</DeleteSelectedButton>
              <ExplainedButton
                icon={<UserOutlined />} disabledReason={selectedKeys.length === 0 ? DISABLED_REASONS.selectArticlesForAuthor : null}
                onClick={() => setAuthorFor(selectedKeys.map(Number))} data-testid="set-author-selected"
              >
                Set author
              </ExplainedButton>
              <Button icon={<UploadOutlined />} onClick={() => setUpload('firstLine')} data-testid="upload-articles">
                Upload articles
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setUpload('fileName')} data-testid="upload-articles-file-name">
                Upload articles (title from file name)
              </Button>
              <Button icon={<CloudDownloadOutlined />} onClick={() => setKmOpen(true)} data-testid="download-from-campaign">
                Download from campaign
              </Button>
            </>
          ),
        }}
      />
      <ArticleUploadDialog groupId={groupId} kind={upload} onClose={() => setUpload(null)} onUploaded={onChanged} />
      <ArticleAuthorDialog groupId={groupId} ids={authorFor} onClose={() => setAuthorFor(null)} />
      <KmDownloadDialog
        groupId={groupId} open={kmOpen}
        onClose={(imported) => {
          setKmOpen(false);
          if (imported) onChanged();
        }}
      />
    </>
  );
}
