import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd/dist/reset.css';
// antd's own stylesheet, with zero-runtime theming (app-providers.tsx): no styles computed in the
// browser while the first screen renders (issue 10 goal 2).
import 'antd/dist/antd.css';
import { startEarlyGet } from '@/lib/early-get';
import { getStoredName } from '@/lib/session-store';
import { AppProviders } from './app-providers';
import { router } from './router';
import { preloadFirstScreen } from './screens';

// What every screen asks first leaves now, not when the components that ask for it have rendered.
const signedIn = getStoredName() !== null;
startEarlyGet('/public/api/setup');
startEarlyGet('/public/api/app-info');
if (signedIn) startEarlyGet('/api/session');
// The hash router's path ('#/campaigns?x' → '/campaigns').
preloadFirstScreen(window.location.hash.replace(/^#/, '').split('?')[0] ?? '', signedIn);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
