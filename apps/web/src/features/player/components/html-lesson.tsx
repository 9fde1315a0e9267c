import { RichText } from '@/components/rich-text';

/** A rich-text lesson, sanitized again in the browser: no script, no handler, links opened safely. */
export function HtmlLesson({ content }: { content: string }) {
  return <RichText html={content} className="html-lesson" />;
}
