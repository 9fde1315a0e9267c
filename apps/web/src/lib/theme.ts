import { useSyncExternalStore } from 'react';
import { readableTextOn } from '@school/shared/school/colour';

export type Theme = 'light' | 'dark';
const KEY = 'theme';
const listeners = new Set<() => void>();

const stored = (): Theme => (localStorage.getItem(KEY) === 'dark' ? 'dark' : 'light');

export function applyTheme(theme: Theme = stored()) {
  document.documentElement.dataset.theme = theme;
}

/** Dark mode is a choice kept in local storage (spec 1 §4). */
export function setTheme(theme: Theme) {
  localStorage.setItem(KEY, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stored,
  );
}

/** The school's colour drives buttons, links and accents in both themes. */
export function applySchoolColor(primary: string) {
  const root = document.documentElement.style;
  root.setProperty('--primary', primary);
  root.setProperty('--on-primary', readableTextOn(primary));
}
