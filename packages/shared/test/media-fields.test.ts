import { describe, expect, it } from 'vitest';
import { ContentProjectFormSchema, TierContentSchema } from '../src/index';
import { MEDIA_FIELDS } from '../src/schemas/media-fields';

const mediaOf = (value: Record<string, unknown>) => Object.fromEntries(Object.keys(MEDIA_FIELDS).map((key) => [key, value[key]]));

describe('media fields shared by a content project form and a wizard tier', () => {
  it('fill the same defaults on both sides', () => {
    const form = mediaOf(ContentProjectFormSchema.parse({}));
    const tier = mediaOf(TierContentSchema.parse({}));
    expect(form).toEqual(tier);
    expect(form).toMatchObject({ insertImages: false, searchForImages: true, minImage: 1, maxImage: 1, imagePosition: 'Random', minVideo: 1, maxVideo: 1, videoPosition: 'Random' });
  });

  it('refuse the same bad input on both sides', () => {
    for (const bad of [{ imagePosition: 'Nowhere' }, { minVideo: 'two' }, { videosToInsert: 'x'.repeat(200_001) }, { keywordsForImage: 'a\u0000b' }]) {
      expect(ContentProjectFormSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 40)).toBe(false);
      expect(TierContentSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 40)).toBe(false);
    }
    expect(TierContentSchema.parse({ minImage: null }).minImage).toBeNull();
    expect(ContentProjectFormSchema.parse({ minImage: null }).minImage).toBeNull();
  });
});
