import sanitizeHtml from 'sanitize-html';

/**
 * An HTML lesson's body as stored: what a rich-text editor writes (headings, lists, emphasis, links, quotes, code),
 * nothing that runs or loads from elsewhere. The player sanitizes again when it shows it.
 */
const lessonHtml: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { h1: 'h2', a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export const sanitizeLessonHtml = (html: string) => sanitizeHtml(html, lessonHtml).trim();
