import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The author's Markdown as stored HTML. markdown-it never passes raw HTML through (`html: false`) and refuses
 * javascript:, vbscript:, file: and data: links itself; sanitize-html is the second wall, with a short list of
 * tags, http/https/mailto links only, and no attribute the author chose but a link's address.
 * Images and tables are off: a post is text (an image would load from anywhere, inside our pages).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true }).disable(['image', 'table']);

const LINK_REL = 'nofollow ugc noopener';

const postHtml: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'h6', 'hr'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // The page's own headings are h1 and h2: a post's start at h3.
  transformTags: { h1: 'h3', h2: 'h4', a: sanitizeHtml.simpleTransform('a', { rel: LINK_REL }) },
};

const plain: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Search highlights are marked with two private-use characters (search excerpts); no stored text may hold them. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
const markers = /[\uE000\uE001]/g;

export interface RenderedText {
  html: string;
  /** What search reads: the words a reader sees, without markup. */
  text: string;
}

/**
 * The markers are taken out of what was rendered, not out of the source: markdown-it turns `&#xE000;` (or
 * `&#57344;`) back into the character itself.
 */
export function renderMarkdown(source: string): RenderedText {
  const html = sanitizeHtml(markdown.render(source), postHtml).replace(markers, '').trim();
  const text = sanitizeHtml(html, plain)
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!)
    .replace(markers, '')
    .replace(/[ \t]*\n\s*/g, '\n')
    .trim();
  return { html, text };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A search excerpt (ts_headline over plain text, its matches between the markers) as HTML with <mark>. */
export function excerptHtml(headline: string): string {
  return escapeHtml(headline)
    .replace(/\uE000([^\uE000\uE001]*)\uE001/g, '<mark>$1</mark>')
    .replace(markers, '');
}
