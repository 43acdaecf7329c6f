import { UploadArticlesResponseSchema } from '@linkloom/shared';
import { UploadDialog } from '@/components/upload-dialog';
import { importOutcome, type ImportOutcome } from '@/lib/import-outcome';

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

/** An article upload's answer as its outcome: '3 articles added, 1 file refused', each refused file with why. */
export function articleUploadOutcome(body: unknown): ImportOutcome | null {
  const answer = UploadArticlesResponseSchema.safeParse(body);
  if (!answer.success) return null;
  const { imported, errors } = answer.data;
  return importOutcome(
    [{ count: imported, noun: 'article', verb: 'added' }, { count: errors.length, noun: 'file', verb: 'refused' }],
    errors.map((problem) => `${problem.file}: ${problem.message}`),
  );
}

/**
 * Upload dialog: drop or pick several files at once, or a ZIP (spec 3 section 2). Each file's
 * toast comes from the shared upload component with what it added; files the server skipped
 * (empty, title without body) are listed for 5 seconds.
 */
export function ArticleUploadDialog(props: { groupId: number; kind: ArticleUploadKind | null; onClose: () => void; onUploaded: () => void }) {
  const { groupId, kind, onClose, onUploaded } = props;
  const variant = VARIANTS[kind ?? 'firstLine'];

  return (
    <UploadDialog
      open={kind !== null} title={variant.title} onClose={onClose} testId="article-upload-dialog"
      action={`/rest/${variant.path}/${groupId}`}
      multiple
      periodInMessages
      label="Click or drag text files or a ZIP here"
      hint={variant.hint}
      outcome={articleUploadOutcome}
      onDone={onUploaded}
      zoneTestId={`upload-${kind ?? 'none'}`}
    />
  );
}
