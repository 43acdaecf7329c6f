import { Form, Input, Modal } from 'antd';
import { ArticleAuthorBodySchema } from '@linkloom/shared';
import { DIALOG_LABELS } from '@/components/dialog-labels';
import { VALIDATE_ON, zodRule } from '@/lib/zod-form-rules';
import { useSubmitState } from '@/lib/use-submit-state';
import { useSetArticleAuthor } from '../api/content-groups-api';
import { formDialogButtons } from '@/components/form-dialog-buttons';

interface AuthorValues {
  authorName: string;
  authorBio: string;
}

/**
 * One author name and bio for several articles (issue 11.5): uploaded articles come without them
 * and the article form requires both (spec 3), so they are completed here in one step.
 */
export function ArticleAuthorDialog(props: { groupId: number; ids: readonly number[] | null; onClose: (saved: boolean) => void }) {
  const { groupId, ids, onClose } = props;
  const [form] = Form.useForm<AuthorValues>();
  const setAuthor = useSetArticleAuthor(groupId);
  const { submitting, run } = useSubmitState();

  const handleFinish = async (values: AuthorValues) => {
    const outcome = await run(() => setAuthor.mutateAsync({ ids: [...(ids ?? [])], ...values }));
    if (!outcome.failed) onClose(true);
  };

  return (
    <Modal
      open={ids !== null}
      title={`Author of ${ids?.length ?? 0} ${ids?.length === 1 ? 'article' : 'articles'}`}
      {...formDialogButtons({ okText: DIALOG_LABELS.save, busy: submitting, onCancel: () => onClose(false), okTestId: 'article-author-dialog-ok' })}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<AuthorValues> form={form} layout="vertical" validateTrigger={VALIDATE_ON} onFinish={handleFinish} clearOnDestroy data-testid="article-author-dialog">
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="authorName" label="Author name" rules={[zodRule(ArticleAuthorBodySchema, 'authorName')]}>
        <Input autoFocus data-testid="article-author-name" />
      </Form.Item>
      <Form.Item name="authorBio" label="Author bio" rules={[zodRule(ArticleAuthorBodySchema, 'authorBio')]}>
        <Input.TextArea rows={4} data-testid="article-author-bio" />
      </Form.Item>
    </Modal>
  );
}
