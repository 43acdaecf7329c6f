import { useEffect, useMemo, useState } from 'react';
import { Button, Dropdown, Flex, Form, Space } from 'antd';
import { CloudDownloadOutlined, DownOutlined, EyeOutlined, SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  BuilderCategoriesSchema, CONTENT_FORM_DEBOUNCE_MS, DISABLED_REASONS, SPINNER_SERVICES, articleSourceLabel, type ArticleFields, type ArticleResponse, type SpinnerService,
} from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { ExplainedButton } from '@/components/disabled-reason';
import { debounce } from '@/lib/debounce';
import { useSubmitState } from '@/lib/use-submit-state';
import { usePrimeCreatedArticle, useSaveArticle } from '../api/articles-api';
import { useSpinArticle } from '../api/content-tools-api';
import { ArticleSourceDrawer, DOWNLOAD_SOURCES, type DownloadSource } from './article-source-drawer';
import { ArticleForm } from './article-form';
import { ArticlePreviewDrawer } from './article-preview-drawer';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes-guard';
import { DONE_TEXTS, toastDone } from '@/lib/action-feedback';

/** The built-in builder's categories from the answer's JSON text (an unreadable one offers none). */
function parseCategories(text: string) {
  try {
    const parsed = BuilderCategoriesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The article editor: fields, the Download menu (a drawer per article source), the Spin menu (one
 * entry per spinner service), Preview drawer and Save. Save is enabled only once something was
 * changed — an edit, a download or a spin (spec 3 section 4) — and saves exactly what is in the
 * form; the preview follows the form 200 ms after the last keystroke. Leaving with unsaved
 * changes asks first.
 */
export function ArticleEditor({ data }: { data: ArticleResponse }) {
  const { article, contentGroup } = data;
  const [form] = Form.useForm<ArticleFields>();
  const navigate = useNavigate();
  const saveArticle = useSaveArticle();
  const primeCreatedArticle = usePrimeCreatedArticle();
  const { submitting, run } = useSubmitState();
  const initial: ArticleFields = { title: article.title, body: article.body, authorName: article.authorName, authorBio: article.authorBio };
  const [changed, setChanged] = useState(false);
  const [draft, setDraft] = useState<ArticleFields>(initial);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [savedTitle, setSavedTitle] = useState(article.title);
  const { markSaved } = useUnsavedChangesGuard(changed);
  const [source, setSource] = useState<DownloadSource | null>(null);
  const categories = useMemo(() => parseCategories(data.articleBuilderCategories), [data.articleBuilderCategories]);
  const spinArticle = useSpinArticle(contentGroup.id);
  const spinning = useSubmitState();

  const updateDraft = useMemo(() => debounce(() => setDraft(form.getFieldsValue(true) as ArticleFields), CONTENT_FORM_DEBOUNCE_MS), [form]);
  useEffect(() => () => updateDraft.cancel(), [updateDraft]);

  const handleValuesChange = () => {
    setChanged(true);
    updateDraft();
  };

  const handleSave = async () => {
    let values: ArticleFields;
    try {
      values = await form.validateFields();
    } catch {
      return; // The messages show under the fields.
    }
    const outcome = await run(() => saveArticle.mutateAsync({ ...(article.id === null ? {} : { id: article.id }), contentGroupId: contentGroup.id, ...values }));
    if (outcome.failed) return;
    toastDone(article.id === null ? DONE_TEXTS.created('Article', values.title) : DONE_TEXTS.saved('Article'));
    markSaved();
    setChanged(false);
    setSavedTitle(values.title);
    if (article.id === null) {
      primeCreatedArticle(data, outcome.value.id, values);
      await navigate(`/article/${outcome.value.id}`, { replace: true });
    }
  };

  /** A download or a spin replaces title and body: the article is changed. */
  const replaceText = (text: { title: string; body: string }) => {
    form.setFieldsValue({ title: text.title, body: text.body });
    setChanged(true);
    setDraft(form.getFieldsValue(true) as ArticleFields);
  };

  const handleSpin = async (spinnerService: SpinnerService) => {
    const { title, body } = form.getFieldsValue(true) as ArticleFields;
    const outcome = await spinning.run(() => spinArticle.mutateAsync({ spinnerService, title: title ?? '', body: body ?? '' }));
    if (!outcome.failed) replaceText(outcome.value);
  };

  const openPreview = () => {
    setDraft(form.getFieldsValue(true) as ArticleFields);
    setPreviewOpen(true);
  };

  const title = article.id === null ? 'New Article' : `Article: ${savedTitle}`;
  return (
    <div data-testid="article-page" data-changed={changed}>
      <PageHeader
        title={title}
        breadcrumbs={[
          { title: 'Content Groups', to: '/content-groups' },
          { title: contentGroup.name, to: `/content-group/${contentGroup.id}` },
          { title: article.id === null ? 'New Article' : savedTitle },
        ]}
        extra={
          <Space wrap>
            <Dropdown
              trigger={['click']}
              menu={{
                items: DOWNLOAD_SOURCES.map((key) => ({ key, label: <span data-testid={`download-${key}`}>{articleSourceLabel(key)}</span> })),
                onClick: ({ key }) => setSource(key as DownloadSource),
              }}
            >
              <Button icon={<CloudDownloadOutlined />} data-testid="article-download">Download <DownOutlined /></Button>
            </Dropdown>
            <Dropdown
              trigger={['click']}
              menu={{
                items: SPINNER_SERVICES.map(([key, label]) => ({ key, label: <span data-testid={`spin-${key}`}>{label}</span> })),
                onClick: ({ key }) => void handleSpin(key as SpinnerService),
              }}
            >
              <Button icon={<SyncOutlined />} loading={spinning.submitting} data-testid="article-spin">Spin <DownOutlined /></Button>
            </Dropdown>
            <Button icon={<EyeOutlined />} onClick={openPreview} data-testid="article-preview-open">Preview</Button>
            <ExplainedButton
              type="primary" icon={<SaveOutlined />} disabledReason={changed ? null : DISABLED_REASONS.articleUnchanged} loading={submitting}
              onClick={() => void handleSave()} data-testid="article-save"
            >
              Save
            </ExplainedButton>
          </Space>
        }
      />
      <Flex vertical style={{ maxWidth: 960 }}>
        <ArticleForm form={form} initialValues={initial} onValuesChange={handleValuesChange} />
      </Flex>
      <ArticleSourceDrawer source={source} categories={categories} onClose={() => setSource(null)} onDownloaded={replaceText} />
      <ArticlePreviewDrawer
        open={previewOpen} title={draft.title} body={draft.body}
        onRefresh={() => setDraft(form.getFieldsValue(true) as ArticleFields)} onClose={() => setPreviewOpen(false)}
      />
    </div>
  );
}
