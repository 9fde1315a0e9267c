import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { isSupportedBrowser } from '@/lib/browser-support';

/** Unsupported browsers land here; a supported one is sent home (spec 3 §2). */
export function InfoPage() {
  if (isSupportedBrowser()) return <Navigate to={paths.home} replace />;
  return (
    <main className="container page-center">
      <h1>This browser is not fully supported</h1>
      <p>Some parts of this site will not work here. Please open it in Google Chrome or Chromium.</p>
    </main>
  );
}
