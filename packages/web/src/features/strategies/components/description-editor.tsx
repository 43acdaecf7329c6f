import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';

/**
 * The Description tab's rich text editor (react-quill-new, loaded with the tab, never with the
 * first screen). `useSemanticHTML={false}` keeps spaces as spaces (its default writes `&nbsp;`).
 * `onChange` reports only the user's edits, not Quill's normalising of the loaded text.
 */
export default function DescriptionEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  return (
    <div data-testid="description-editor">
      <ReactQuill
        theme="snow" value={value} useSemanticHTML={false}
        onChange={(html, _delta, source) => { if (source === 'user') onChange(html); }}
        style={{ background: 'var(--ant-color-bg-container, #fff)' }}
      />
    </div>
  );
}
