import { useCallback } from 'react';
import { App } from 'antd';
import { ERROR_TOAST_SECONDS, UploadArticlesResponseSchema } from '@linkloom/shared';
import type { UploadResult } from '@/components/upload-button';
import { UploadDialog } from '@/components/upload-dialog';

/** The two upload variants of the content group screen. */
export type ArticleUploadKind = 'firstLine' | 'fileName';

const VARIANTS: Record<ArticleUploadKind, { title: string; path: string; hint: string }> = {
  firstLine: {
    title: 'Upload Articles',
    path: 'upload_raw_articles',
    hint: 'Text files or a ZIP of them: the first line of each file is the title, the rest the body.',
  },
  fileName: {
    title: 'Upload Articles (title from file name)',
    path: 'upload_raw_articles_file_name_title',
    hint: 'Text files or a ZIP of them: the file name (without extension) is the title, the whole text the body.',
  },
};

/**
 * Upload dialog: drop or pick several files at once, or a ZIP (spec 3 section 2). Each file's
 * toast comes from the shared upload component; files the server skipped (empty, title without
 * body) are listed for 5 seconds.
 */
export function ArticleUploadDialog(props: { groupId: number; kind: ArticleUploadKind | null; onClose: () => void; onUploaded: () => void }) {
  const { groupId, kind, onClose, onUploaded } = props;
  const { message } = App.useApp();
  const variant = VARIANTS[kind ?? 'firstLine'];

  const handleDone = useCallback(
    (result: UploadResult) => {
      onUploaded();
      const answer = UploadArticlesResponseSchema.safeParse(result.body);
      if (!result.ok || !answer.success || answer.data.errors.length === 0) return;
      const lines = answer.data.errors.map((problem) => `${problem.file}: ${problem.message}`);
      message.warning({ content: lines.join('\n'), duration: ERROR_TOAST_SECONDS, style: { whiteSpace: 'pre-line' } });
    },
    [message, onUploaded],
  );

  return (
    <UploadDialog
      open={kind !== null} title={variant.title} onClose={onClose} testId="article-upload-dialog"
      action={`/rest/${variant.path}/${groupId}`}
      multiple
      periodInMessages
      label="Click or drag text files or a ZIP here"
      hint={variant.hint}
      onDone={handleDone}
      zoneTestId={`upload-${kind ?? 'none'}`}
    />
  );
}
