import { Form, Input, type FormInstance } from 'antd';
import { ArticleFieldsSchema, type ArticleFields } from '@linkloom/shared';
import { zodRule, VALIDATE_ON } from '@/lib/zod-form-rules';

/** The article's four fields, each required with the spec's message (spec 3 section 5). */
export function ArticleForm(props: { form: FormInstance<ArticleFields>; initialValues: ArticleFields; onValuesChange: () => void }) {
  const { form, initialValues, onValuesChange } = props;
  return (
    <Form<ArticleFields> form={form} layout="vertical" validateTrigger={VALIDATE_ON} initialValues={initialValues} onValuesChange={onValuesChange} data-testid="article-form">
      <Form.Item name="title" label="Title" rules={[zodRule(ArticleFieldsSchema, 'title')]}>
        <Input data-testid="article-title" />
      </Form.Item>
      <Form.Item name="body" label="Body" rules={[zodRule(ArticleFieldsSchema, 'body')]}>
        <Input.TextArea autoSize={{ minRows: 14, maxRows: 32 }} data-testid="article-body" />
      </Form.Item>
      <Form.Item name="authorName" label="Author name" rules={[zodRule(ArticleFieldsSchema, 'authorName')]}>
        <Input data-testid="article-author-name" />
      </Form.Item>
      <Form.Item name="authorBio" label="Author bio" rules={[zodRule(ArticleFieldsSchema, 'authorBio')]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} data-testid="article-author-bio" />
      </Form.Item>
    </Form>
  );
}
