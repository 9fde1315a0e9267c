import type { CSSProperties } from 'react';
import { darkLinkColour, isHexColour, readableTextOn } from '@school/shared/school/colour';

interface Props {
  name: string;
  description: string;
  colour: string;
  logo: string | null;
  cover: string | null;
}

/**
 * The landing page's navbar and hero as students will see them, in the light and the dark theme, from what the form
 * holds now (before Save). The colours come from the shared rules the site applies (readable text, dark links).
 */
export function SchoolPreview({ name, description, colour, logo, cover }: Props) {
  const primary = isHexColour(colour) ? colour : '#1d4ed8';
  const vars = (theme: 'light' | 'dark') =>
    ({ '--preview-primary': primary, '--preview-on-primary': readableTextOn(primary), '--preview-link': theme === 'dark' ? darkLinkColour(primary) : primary }) as CSSProperties;
  return (
    <div className="school-preview-pair">
      {(['light', 'dark'] as const).map((theme) => (
        <figure key={theme} className={`school-preview school-preview-${theme}`} style={vars(theme)} aria-label={`Preview, ${theme} theme`}>
          <div className="school-preview-nav">
            {logo ? <img src={logo} alt="" className="school-preview-logo" /> : <span className="school-preview-logo" aria-hidden="true" />}
            <strong>{name || 'Your school'}</strong>
            <span className="school-preview-link">Courses</span>
          </div>
          <div className="school-preview-hero" style={cover ? { backgroundImage: `url("${cover}")` } : undefined}>
            <p className="school-preview-title">{name || 'Your school'}</p>
            <p>{description}</p>
            <span className="school-preview-button">View All Courses</span>
          </div>
          <figcaption>{theme === 'light' ? 'Light theme' : 'Dark theme'}</figcaption>
        </figure>
      ))}
    </div>
  );
}
