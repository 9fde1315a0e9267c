import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './lib/query-client';
import { schoolQueryOptions } from './lib/school';
import { applyTheme } from './lib/theme';
import './styles/global.css';

applyTheme();
// Every page waits for the school: ask for it while the first page's code is still loading.
void queryClient.prefetchQuery(schoolQueryOptions());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
