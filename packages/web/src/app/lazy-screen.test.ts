import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';

const Page: ComponentType<object> = () => null;

describe('lazy screens', () => {
  it('fetch their chunk once however often they are preloaded', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      return Page;
    }, null);
    await Promise.all([Screen.preload(), Screen.preload()]);
    await Screen.preload();
    expect(loads).toBe(1);
  });

  it('try again after a chunk failed to arrive', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk refused');
      return Page;
    }, null);
    await expect(Screen.preload()).rejects.toThrow('chunk refused');
    await expect(Screen.preload()).resolves.toBe(Page);
    expect(loads).toBe(2);
  });
});
