import { useState } from 'react';
import { FONT_SIZE } from '@school/shared/learning/rules';

const KEY = 'player-font-size';

const stored = () => {
  const value = Number(localStorage.getItem(KEY));
  return Number.isInteger(value) && value >= FONT_SIZE.min && value <= FONT_SIZE.max ? value : FONT_SIZE.default;
};

/** The lesson's font size, 12 to 24 px in 1 px steps, remembered in the browser (spec 2 §2). */
export function useFontSize() {
  const [size, setSize] = useState(stored);
  const change = (step: 1 | -1) =>
    setSize((current) => {
      const next = Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, current + step));
      localStorage.setItem(KEY, String(next));
      return next;
    });
  return { size, smaller: () => change(-1), larger: () => change(1), atMin: size <= FONT_SIZE.min, atMax: size >= FONT_SIZE.max };
}
