import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The window scrolls to the top on every route change (spec 1 §2), in the course player too, where moving to
 * another courseware keeps the player mounted. Braces: Chromium's scrollTo now returns a promise, which React
 * would take for a clean-up function.
 */
export function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
