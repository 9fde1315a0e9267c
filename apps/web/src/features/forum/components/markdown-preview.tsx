import MarkdownIt from 'markdown-it';
import { RichText } from '@/components/rich-text';

// The server's settings (modules/forum/render.ts), so the preview is what will be stored: raw HTML stays text
// (`html: false`), line breaks count, no images or tables.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true }).disable(['image', 'table']);

/**
 * What the author is writing, rendered in the browser and sanitized by RichText (DOMPurify). A chunk of its own,
 * loaded at the first Preview: reading the forum never needs markdown-it.
 */
export function MarkdownPreview({ text }: { text: string }) {
  return <RichText html={markdown.render(text)} />;
}
