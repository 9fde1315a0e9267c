import { setTheme, useTheme } from '@/lib/theme';

export function ThemeToggle() {
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button type="button" className="icon-btn" aria-pressed={dark} aria-label="Dark mode" title="Dark mode" onClick={() => setTheme(dark ? 'light' : 'dark')}>
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
    </button>
  );
}
