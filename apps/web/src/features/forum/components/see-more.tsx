import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { SEE_MORE_LINES } from '@school/shared/forum/rules';
import { RichText } from '@/components/rich-text';

/**
 * A post's text clamped to SEE_MORE_LINES lines with a 'See more' switch, shown only when the clamp hides
 * something (spec 3 §2). Measured, not guessed from the Markdown: the width decides how many lines it takes.
 */
export function SeeMore({ html, label }: { html: string; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || expanded) return;
    const measure = () => setOverflows(box.scrollHeight > box.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [html, expanded]);

  return (
    <div className="see-more">
      <div ref={ref} className={expanded ? 'forum-text' : 'forum-text is-clamped'} style={{ '--clamp-lines': SEE_MORE_LINES } as CSSProperties}>
        <RichText html={html} />
      </div>
      {(overflows || expanded) && (
        <button type="button" className="link see-more-toggle" aria-expanded={expanded} aria-label={`${expanded ? 'See less' : 'See more'} of ${label}`} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'See less' : 'See more'}
        </button>
      )}
    </div>
  );
}
