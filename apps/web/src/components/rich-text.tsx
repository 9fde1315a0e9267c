import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich text from the school (payment instructions, lessons) and forum posts, sanitized: no script, no handler,
 * links open safely.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
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
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
