import { setTheme, useTheme } from '@/lib/theme';

/** The dark mode switch: an icon in the header, or icon and words in the narrow screens' menu. */
export function ThemeToggle({ variant = 'icon' }: { variant?: 'icon' | 'menu' }) {
  const theme = useTheme();
  const dark = theme === 'dark';
  const icon = <span aria-hidden="true">{dark ? '☾' : '☀'}</span>;
  const toggle = () => setTheme(dark ? 'light' : 'dark');
  if (variant === 'menu') {
    return (
      <button type="button" className="link theme-toggle-text" aria-pressed={dark} data-keep-menu onClick={toggle}>
        {icon} Dark mode
      </button>
    );
  }
  return (
    <button type="button" className="icon-btn theme-toggle" aria-pressed={dark} aria-label="Dark mode" title="Dark mode" onClick={toggle}>
      {icon}
    </button>
  );
}
