import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich text from the school (payment instructions, lessons), forum posts and notifications, sanitized: no script,
 * no handler, links open safely. `as="span"` for a line of text inside other text (a notification's).
 */
export function RichText({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'span' }) {
  const clean = useMemo(() => {
    const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), 'text/html');
    for (const a of doc.querySelectorAll('a[href]')) {
      a.setAttribute('target', '_blank');
      // Added to what the server set (a forum post's `nofollow ugc`), never in its place.
      const rel = new Set([...(a.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean), 'noopener', 'noreferrer']);
      a.setAttribute('rel', [...rel].join(' '));
    }
    return doc.body.innerHTML;
  }, [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
