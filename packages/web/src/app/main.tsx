import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd/dist/reset.css';
import { AppProviders } from './app-providers';
import { router } from './router';
import { preloadFirstScreen } from './screens';

// The hash router's path ('#/campaigns?x' → '/campaigns').
preloadFirstScreen(window.location.hash.replace(/^#/, '').split('?')[0] ?? '');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
