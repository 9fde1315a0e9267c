import { useMemo } from 'react';
import { useTheme } from './theme';

/**
 * Charts draw with the site's own variables, read when they render and again when the theme changes: the school's
 * colour (lightened on the dark palette as links are, so that it stands out from the dark surface), the muted text
 * colour, the text, grid and surface colours.
 */
export function useChartColours() {
  const theme = useTheme();
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    const read = (name: string) => style.getPropertyValue(name).trim();
    const primary = read('--primary');
    return {
      primary: theme === 'dark' ? `color-mix(in srgb, ${primary} 45%, white)` : primary,
      muted: read('--muted'),
      text: read('--text'),
      grid: read('--border'),
      surface: read('--surface'),
    };
  }, [theme]);
}
