import { describe, expect, it } from 'vitest';
import { NO_SITE_FILTER } from '@linkloom/shared';
import { SITE_FILTER_PARAMS } from './site-filter-params';

const read = (text: string) => SITE_FILTER_PARAMS.read(new URLSearchParams(text));

describe('the site grid filters in the address', () => {
  it('reads no filter from a clean address and from values it does not know', () => {
    expect(read('')).toEqual(NO_SITE_FILTER);
    expect(read('sites=some&status=success&minDa=-3')).toEqual(NO_SITE_FILTER);
    expect(read('minDa=101')).toEqual(NO_SITE_FILTER);
    expect(read('minDa=2.5')).toEqual(NO_SITE_FILTER);
    expect(read('minDa=0')).toEqual({ ...NO_SITE_FILTER, minDa: 0 });
  });

  it('reads the selection, status and DA floor', () => {
    expect(read('sites=unselected&status=FAILED&minDa=30')).toEqual({ selection: 'unselected', status: 'FAILED', minDa: 30 });
  });

  it('writes only active filters, keeping the other params', () => {
    const written = SITE_FILTER_PARAMS.write(new URLSearchParams('tab=sites&minDa=5'), { selection: 'selected', status: 'SUCCESS', minDa: null });
    expect(written.toString()).toBe('tab=sites&sites=selected&status=SUCCESS');
    expect(SITE_FILTER_PARAMS.write(written, NO_SITE_FILTER).toString()).toBe('tab=sites');
    expect(read(SITE_FILTER_PARAMS.write(new URLSearchParams(), { selection: 'all', status: null, minDa: 40 }).toString())).toEqual({ ...NO_SITE_FILTER, minDa: 40 });
  });
});
