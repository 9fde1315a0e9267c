import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Rich text from the school (payment instructions, lessons), sanitized: no script, no handler, links open safely. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => {
    const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), 'text/html');
    for (const a of doc.querySelectorAll('a[href]')) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    }
    return doc.body.innerHTML;
  }, [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
