import type { ContentProjectForm } from '@linkloom/shared';

/** One input link set of a posting or private project, as the form holds it. */
export type LinkSetProfileValue = ContentProjectForm['linkSetProfiles'][number];

/** The name a profile row shows: the link set's current name, else the stored one. */
export function profileName(profile: LinkSetProfileValue, linkSets: readonly { id: number; name: string }[]): string {
  return linkSets.find((linkSet) => linkSet.id === profile.linkSetId)?.name ?? (profile.name || `Link set #${profile.linkSetId}`);
}
