import { forwardRef, lazy, Suspense, useEffect, useId, useState, type TextareaHTMLAttributes } from 'react';
import { Loading } from '@/components/loading';

const MarkdownPreview = lazy(() => import('./markdown-preview').then((m) => ({ default: m.MarkdownPreview })));

interface MarkdownFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** The text as it stands, for the preview. */
  text: string;
}

/** A labelled Markdown textarea with a Write/Preview switch; its error under it, tied for screen readers. */
export const MarkdownField = forwardRef<HTMLTextAreaElement, MarkdownFieldProps>(function MarkdownField({ label, error, text, ...rest }, ref) {
  const id = useId();
  const [preview, setPreview] = useState(false);
  // An error needs the text in view to be fixed.
  useEffect(() => {
    if (error) setPreview(false);
  }, [error]);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field markdown-field ${error ? 'has-error' : ''}`}>
      <div className="markdown-head">
        <label htmlFor={id}>{label}</label>
        <div className="markdown-modes" role="group" aria-label={`${label}: view`}>
          <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)}>
            Write
          </button>
          <button type="button" aria-pressed={preview} onClick={() => setPreview(true)}>
            Preview
          </button>
        </div>
      </div>
      <textarea id={id} ref={ref} rows={6} hidden={preview} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {preview && (
        <div className="markdown-preview forum-text" aria-label={`${label} preview`} role="region">
          {text.trim() ? (
            <Suspense fallback={<Loading label="Loading the preview" />}>
              <MarkdownPreview text={text} />
            </Suspense>
          ) : (
            <p className="muted">Nothing to preview.</p>
          )}
        </div>
      )}
      <p id={`${id}-hint`} className="field-hint">
        Markdown: **bold**, _italic_, `code`, [link](https://…), lists with -.
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
