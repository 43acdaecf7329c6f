import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FormInstance } from 'antd';
import {
  CAPTCHA_TAB_FIELDS, GENERAL_TAB_FIELDS, GOOGLE_CAPTCHA_TAB_FIELDS, type Options, type OptionsResponse,
} from '@linkloom/shared';

/** What every tab gets: the screen's one form (the whole options object) and the loaded answer. */
export interface OptionsTabProps {
  form: FormInstance<Options>;
  data: OptionsResponse;
}

/** One tab of the options screen: its `?tab=` key, label, lazily loaded component and the fields Save checks first. */
export interface OptionsTab {
  key: string;
  label: string;
  Component: LazyExoticComponent<ComponentType<OptionsTabProps>>;
  /** Save validates these fields first and opens this tab when one fails (spec 3 section 4). */
  checkedBeforeSave?: readonly (keyof Options)[];
}

function tab<K extends string>(key: K, label: string, load: () => Promise<ComponentType<OptionsTabProps>>, checkedBeforeSave?: readonly (keyof Options)[]): OptionsTab {
  return { key, label, Component: lazy(async () => ({ default: await load() })), checkedBeforeSave };
}

/**
 * The options screen's tabs in the spec's order, one line each: each is its own chunk, fetched the
 * first time it is opened (DESIGN rule 15, Outline's settings list). A new tab is one more line.
 */
export const OPTION_TABS: readonly OptionsTab[] = [
  tab('general', 'General', () => import('./general-tab').then((m) => m.GeneralTab), GENERAL_TAB_FIELDS),
  tab('proxy', 'Proxy', () => import('./proxy-tab').then((m) => m.ProxyTab)),
  tab('captcha', 'Captcha', () => import('./captcha-tab').then((m) => m.CaptchaTab), CAPTCHA_TAB_FIELDS),
  tab('google-captcha', 'Google Captcha', () => import('./captcha-tab').then((m) => m.GoogleCaptchaTab), GOOGLE_CAPTCHA_TAB_FIELDS),
  tab('content', 'Content', () => import('./content-tab').then((m) => m.ContentTab)),
  tab('spinner', 'Spinner', () => import('./spinner-tab').then((m) => m.SpinnerTab)),
  tab('indexer', 'Indexer', () => import('./indexer-tab').then((m) => m.IndexerTab)),
  tab('linkloom-indexer', 'LinkLoom Indexer', () => import('./linkloom-indexer-tab').then((m) => m.LinkLoomIndexerTab)),
  tab('blocked-sites', 'Blocked Sites', () => import('./blocked-sites-tab').then((m) => m.BlockedSitesTab)),
];

/** The tab `?tab=` names, or General. */
export function tabFor(key: string | null): OptionsTab {
  return OPTION_TABS.find((candidate) => candidate.key === key) ?? OPTION_TABS[0]!;
}
