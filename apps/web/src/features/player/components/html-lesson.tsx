import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** A rich-text lesson, sanitized again in the browser: no script, no handler, links opened safely. */
export function HtmlLesson({ content }: { content: string }) {
  const html = useMemo(() => {
    const clean = DOMPurify.sanitize(content, { USE_PROFILES: { html: true } });
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    for (const a of doc.querySelectorAll('a[href]')) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    }
    return doc.body.innerHTML;
  }, [content]);
  return <div className="html-lesson" dangerouslySetInnerHTML={{ __html: html }} />;
}
