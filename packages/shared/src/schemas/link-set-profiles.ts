import { z } from 'zod';

/** The link set profile dialog's messages (spec 1 §5). */
export const LINK_SET_PROFILE_MESSAGES = {
  linkSetRequired: 'Please select a link set',
  linksRange: 'Must be a number between 0 and 20',
  maxBelowMin: 'Max links must be greater or equal to min links',
  // The spec's text says 0 although the rule is 1 to 100.
  probabilityRange: 'Must be a number between 0 and 100',
} as const;

/** Defaults of a new link set profile (spec 1 §3, §9). */
export const LINK_SET_PROFILE_DEFAULTS = { linkProb: 100, minLinks: 1, maxLinks: 3 } as const;

const links = z
  .number({ error: LINK_SET_PROFILE_MESSAGES.linksRange })
  .int({ error: LINK_SET_PROFILE_MESSAGES.linksRange })
  .min(0, { error: LINK_SET_PROFILE_MESSAGES.linksRange })
  .max(20, { error: LINK_SET_PROFILE_MESSAGES.linksRange });

/** One link set profile of a posting or private project: which input link set, how many links, how often. */
export const LinkSetProfileSchema = z
  .object({
    linkSetId: z.number({ error: LINK_SET_PROFILE_MESSAGES.linkSetRequired }).int({ error: LINK_SET_PROFILE_MESSAGES.linkSetRequired }).positive({ error: LINK_SET_PROFILE_MESSAGES.linkSetRequired }),
    name: z.string().default(''),
    minLinks: links.default(LINK_SET_PROFILE_DEFAULTS.minLinks),
    maxLinks: links.default(LINK_SET_PROFILE_DEFAULTS.maxLinks),
    linkProb: z
      .number({ error: LINK_SET_PROFILE_MESSAGES.probabilityRange })
      .int({ error: LINK_SET_PROFILE_MESSAGES.probabilityRange })
      .min(1, { error: LINK_SET_PROFILE_MESSAGES.probabilityRange })
      .max(100, { error: LINK_SET_PROFILE_MESSAGES.probabilityRange })
      .default(LINK_SET_PROFILE_DEFAULTS.linkProb),
  })
  // Compared only when both counts are valid: an out-of-range count already has its own message.
  .refine((profile) => !(links.safeParse(profile.minLinks).success && links.safeParse(profile.maxLinks).success) || profile.maxLinks >= profile.minLinks, {
    error: LINK_SET_PROFILE_MESSAGES.maxBelowMin, path: ['maxLinks'],
  });
export type LinkSetProfile = z.infer<typeof LinkSetProfileSchema>;

/**
 * The link sets the dialog may offer: a link set already used by another profile of the project
 * is not offered again; the one the edited profile uses stays available to it.
 */
export function offerableLinkSets<T extends { id: number }>(all: readonly T[], profiles: readonly { linkSetId: number }[], editedLinkSetId?: number): T[] {
  const used = new Set(profiles.map((p) => p.linkSetId).filter((id) => id !== editedLinkSetId));
  return all.filter((linkSet) => !used.has(linkSet.id));
}
