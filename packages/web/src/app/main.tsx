// First: the boot GETs leave before the modules below are evaluated.
import { bootsIntoCampaignList, signedInAtBoot } from './boot-gets';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd/dist/reset.css';
// antd's own stylesheet, with zero-runtime theming (app-providers.tsx): no styles computed in the
// browser while the first screen renders (issue 10 goal 2).
import 'antd/dist/antd.css';
// Darker shades where antd's palette misses WCAG AA text contrast (issue 39.2): after antd's sheet, so they win.
import './contrast-theme.css';
import { AppProviders } from './app-providers';
import { renderWhenReady } from './first-render';
import { createQueryClient } from './query-client';
import { router } from './router';
import { preloadFirstScreen } from './screens';
import { LoginScreen } from './session-screens';

/**
 * How long the first render waits for the campaign list's chunk and rows when the list is the first
 * screen of a visitor who is likely signed in. Both are read beside the entry (index.html preloads
 * the chunk, boot-gets.ts sends the GET), so they are usually in by the time the entry has run;
 * rendering before them drew the frame with a loading state, painted it, and drew the list over it
 * right after. On a slow network the frame shows after this wait, with the loading state, as before.
 */
const FIRST_SCREEN_WAIT_MS = 300;

// The entry's modules have been evaluated (React, antd, the router …): the first-screen bench reads
// this mark to show that the boot GETs left before it (bench/first-screen.ts, issue 40 item 2).
performance.mark('linkloom:entry-ran');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container: HTMLElement = root;
const queryClient = createQueryClient();

function render(): void {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

if (bootsIntoCampaignList && signedInAtBoot) {
  // A chunk or a read that fails here is tried again, and its failure shown, by the screen itself.
  renderWhenReady(preloadFirstScreen(queryClient), FIRST_SCREEN_WAIT_MS, render);
} else {
  // The sign-in screen does not wait; its chunk, and the list's, download beside the entry.
  if (!signedInAtBoot) void LoginScreen.preload().catch(() => undefined);
  if (bootsIntoCampaignList) void preloadFirstScreen().catch(() => undefined);
  render();
}
