import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { isSupportedBrowser } from '@/lib/browser-support';

/**
 * Unsupported browsers are sent to /info-page (spec 3 §2) from every layout, the course player's too: the
 * redirect for the layout to render instead of its page, or null.
 */
export function useBrowserRedirect() {
  const { pathname } = useLocation();
  return !isSupportedBrowser() && pathname !== paths.infoPage ? <Navigate to={paths.infoPage} replace /> : null;
}
