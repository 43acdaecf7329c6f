import { z } from 'zod';
import { MEDIA_POSITIONS, optionValues } from '../constants/project-options';
import { isPlainText } from '../domain/plain-text';
import { PLAIN_TEXT_RULE } from './common';

const text = (max: number) => z.string().max(max).refine(isPlainText, PLAIN_TEXT_RULE).default('');
/** A min/max count as the form sends it: null while the box is empty, checked by the tab's rules. */
const mediaCount = z.number().nullable().default(1);
const mediaPosition = z.enum(optionValues(MEDIA_POSITIONS)).nullable().default('Random');

/**
 * The image and video fields, one definition for the two places that carry them: a posting or
 * private project's Image and Video tabs (spec 1 §3 "Content (posting or private) form") and a wizard tier's Content tab
 * (spec 2 §3 "Tier content"). Both sides use the same field names; spread this into their schemas.
 * Defaults: search on, one to one image/video, Random position.
 */
export const MEDIA_FIELDS = {
  insertImages: z.boolean().default(false),
  searchForImages: z.boolean().default(true),
  keywordsForImage: text(10_000),
  /** Image URLs, one per line. */
  imagesToInsert: text(200_000),
  minImage: mediaCount,
  maxImage: mediaCount,
  imagePosition: mediaPosition,
  insertVideos: z.boolean().default(false),
  searchForVideos: z.boolean().default(true),
  keywordsForVideo: text(10_000),
  /** Video URLs, one per line. */
  videosToInsert: text(200_000),
  minVideo: mediaCount,
  maxVideo: mediaCount,
  videoPosition: mediaPosition,
};
