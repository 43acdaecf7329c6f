import { useEffect } from 'react';
import { Alert, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CloudDownloadOutlined } from '@ant-design/icons';
import {
  ARTICLE_FORGE_LENGTHS, ARTICLE_WORD_COUNT, ArticleBuilderCategoriesResponseSchema, ArticleForgeInputSchema, BuilderInputSchema, UltraSpinnableInputSchema,
  articleSourceLabel, type BuilderCategoryOption, type DownloadArticleBody,
} from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { get } from '@/lib/http';
import { HttpError } from '@/lib/http-error';
import { useDownloadArticle } from '../api/content-tools-api';
import { contentKeys } from '../api/content-keys';

/** The sources of the Download menu (spec 3 section 2), in its order. */
export type DownloadSource = DownloadArticleBody['articleSource'];
export const DOWNLOAD_SOURCES: readonly DownloadSource[] = ['BuiltInArticleBuilder', 'ArticleForge', 'ArticleBuilder', 'UltraSpinnableArticle'];

type Values = Record<string, unknown>;

/**
 * Each source's inputs, validated by the same shared schema the server parses inputInfo with. The
 * built-in builder offers its own categories (from the article's answer); Article Builder offers
 * Article Builder's, read through its API with the saved credentials (a failure says why).
 */
function SourceFields({ source, categories: builtIn }: { source: DownloadSource; categories: readonly BuilderCategoryOption[] }) {
  const remote = useQuery({
    queryKey: contentKeys.articleBuilderCategories,
    queryFn: ({ signal }) => get('/action/download/articlebuilder/categories', { schema: ArticleBuilderCategoriesResponseSchema, signal, silent: true }),
    enabled: source === 'ArticleBuilder',
    retry: false,
    staleTime: 300_000,
  });
  if (source === 'ArticleForge') {
    return (
      <>
        <Form.Item name="keyword" label="Keyword" rules={[zodRule(ArticleForgeInputSchema, 'keyword')]}><Input data-testid="source-keyword" /></Form.Item>
        <Form.Item name="subKeywords" label="Sub keywords (comma separated)"><Input data-testid="source-sub-keywords" /></Form.Item>
        <Form.Item name="length" label="Article length" rules={[zodRule(ArticleForgeInputSchema, 'length')]}>
          <Select data-testid="source-length" options={ARTICLE_FORGE_LENGTHS.map(([value, label]) => ({ value, label }))} />
        </Form.Item>
      </>
    );
  }
  if (source === 'UltraSpinnableArticle') {
    return (
      <Form.Item name="keywords" label="Keywords" rules={[zodRule(UltraSpinnableInputSchema, 'keywords')]}>
        <Input.TextArea autoSize={{ minRows: 3 }} data-testid="source-keywords" />
      </Form.Item>
    );
  }
  const fromService = source === 'ArticleBuilder';
  const categories = fromService ? remote.data?.categories ?? [] : builtIn;
  const problem = !fromService || !remote.error ? null : remote.error instanceof HttpError ? remote.error.serverMessage : String(remote.error);
  return (
    <>
      {problem && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={problem} data-testid="source-category-problem" />}
      <Form.Item name="categoryId" label="Category" rules={[zodRule(BuilderInputSchema, 'categoryId')]}>
        <Select
          data-testid="source-category" showSearch optionFilterProp="label" options={categories.map((c) => ({ value: c.id, label: c.name }))}
          notFoundContent={fromService && remote.isLoading ? <Spin size="small" /> : undefined}
        />
      </Form.Item>
      <Form.Item name="wordCount" label="Word count" rules={[zodRule(BuilderInputSchema, 'wordCount')]}>
        <InputNumber min={ARTICLE_WORD_COUNT.min} max={ARTICLE_WORD_COUNT.max} precision={0} style={{ width: 160 }} data-testid="source-word-count" />
      </Form.Item>
      <Form.Item name="keywords" label="Keywords to work in (comma separated)"><Input data-testid="source-keywords" /></Form.Item>
      <Form.Item name="spinArticle" valuePropName="checked"><Checkbox data-testid="source-spin">Spin the article (spintax)</Checkbox></Form.Item>
    </>
  );
}

const INITIAL: Record<DownloadSource, Values> = {
  BuiltInArticleBuilder: { wordCount: 500, keywords: '', spinArticle: false },
  ArticleBuilder: { wordCount: 500, keywords: '', spinArticle: false },
  ArticleForge: { keyword: '', subKeywords: '' },
  UltraSpinnableArticle: { keywords: '' },
};

/**
 * A Download menu entry's drawer: the source's inputs (spec 3 section 5 messages), then POST
 * /action/download/article/ and the article handed to the editor (which marks itself changed).
 */
export function ArticleSourceDrawer(props: {
  source: DownloadSource | null; categories: readonly BuilderCategoryOption[]; onClose: () => void; onDownloaded: (article: { title: string; body: string }) => void;
}) {
  const { source, categories, onClose, onDownloaded } = props;
  const [form] = Form.useForm<Values>();
  const download = useDownloadArticle();
  const { submitting, run } = useSubmitState();
  useEffect(() => {
    if (source) form.setFieldsValue(INITIAL[source]);
  }, [form, source]);

  const handleDownload = async () => {
    if (!source) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const outcome = await run(() => download.mutateAsync({ articleSource: source, inputInfo: JSON.stringify(values) }));
    if (outcome.failed) return;
    onDownloaded(outcome.value.article);
    onClose();
  };

  return (
    <Drawer
      open={source !== null} onClose={onClose} destroyOnHidden size="default" data-testid="article-source-drawer"
      title={source ? `Download from ${articleSourceLabel(source)}` : ''}
      extra={<Button type="primary" icon={<CloudDownloadOutlined />} loading={submitting} onClick={() => void handleDownload()} data-testid="source-download">Download</Button>}
    >
      {source && (
        <Form form={form} layout="vertical" validateTrigger={VALIDATE_ON} initialValues={INITIAL[source]}>
          <SourceFields source={source} categories={categories} />
        </Form>
      )}
    </Drawer>
  );
}
