// First: the boot GETs leave before the modules below are evaluated.
import { bootsIntoCampaignList } from './boot-gets';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd/dist/reset.css';
// antd's own stylesheet, with zero-runtime theming (app-providers.tsx): no styles computed in the
// browser while the first screen renders (issue 10 goal 2).
import 'antd/dist/antd.css';
import { AppProviders } from './app-providers';
import { router } from './router';
import { preloadFirstScreen } from './screens';

// The list's chunk downloads beside the entry (its data already left: boot-gets.ts).
if (bootsIntoCampaignList) preloadFirstScreen();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
