import { DEFAULT_ROUTE } from '@linkloom/shared';
import { CAMPAIGN_LIST_URL } from '@/features/campaigns/api/campaign-list-url';
import { startEarlyGet } from '@/lib/early-get';
import { getStoredName } from '@/lib/session-store';

/**
 * The GETs the first screen waits for, sent when the entry script starts (issue 10 goal 2).
 * main.tsx imports this module first, so its body runs before React, antd and the screens'
 * modules are evaluated (about 140 ms of the first load on a 2-core machine) rather than after
 * them: the answers are on their way while the rest of the entry still runs. Whoever asks for the
 * same URL first takes the answer (lib/early-get.ts).
 */

/** Whether a user name is stored (a session is likely): only then are the session and the list asked for. */
export const signedInAtBoot = getStoredName() !== null;

/** The hash router's path at boot ('#/campaigns?x' → '/campaigns'). */
export const bootRoute = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';

/** Whether the first screen is the campaign list (the default route). */
export const bootsIntoCampaignList = bootRoute === '' || bootRoute === '/' || bootRoute === DEFAULT_ROUTE;

startEarlyGet('/public/api/setup');
startEarlyGet('/public/api/app-info');
if (signedInAtBoot) startEarlyGet('/api/session');
if (signedInAtBoot && bootsIntoCampaignList) startEarlyGet(CAMPAIGN_LIST_URL);
