import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The server escapes every value of a notification and marks names and titles in bold: nothing else is kept. */
const EMPHASIS_ONLY = { ALLOWED_TAGS: ['strong', 'em', 'b', 'i'], ALLOWED_ATTR: [] };

/** A notification's description: text with emphasis; any other markup (a link, an image) is shown as its text. */
export function NotificationText({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, EMPHASIS_ONLY), [html]);
  return <span className="notification-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
