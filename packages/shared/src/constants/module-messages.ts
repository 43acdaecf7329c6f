/**
 * What the engine says about a project's module (issue 37 items 3–5): the modules whose work is
 * not a new post (profiles, PDFs) and the one LinkLoom cannot publish at all. One text for the
 * server (a refused Start, a failed post) and the screens.
 */
export const MODULE_MESSAGES = {
  /** Start of a Google Place project: refused before anything runs. */
  googlePlaceUnsupported:
    "Google Place listings are managed in Google Business Profile, which has no API for posting links: LinkLoom can't publish Google Place projects",
  /** A Web 2.0 Profile or Forum Profile post on a platform whose connector cannot edit the account's profile. */
  noProfilePage: (platform: string) =>
    `${platform} has no profile page LinkLoom can edit: use a WordPress, MediaWiki or DokuWiki site for Web 2.0 Profile projects`,
  /** A PDF post on a platform whose connector cannot upload a document. */
  noDocumentUpload: (platform: string) =>
    `${platform} has no media library LinkLoom can upload a PDF to: use a WordPress, MediaWiki or DokuWiki site for PDF projects`,
  /** A ticked site the platform verifier has not identified: the run tries it as WordPress. */
  platformUnknown: 'its platform is not known yet (the run will try it as WordPress): run the platform verifier on the Sites screen',
  /** A ticked site of a platform LinkLoom has no connector for. */
  noConnector: (platform: string) => `LinkLoom has no connector for ${platform}`,
} as const;

/** Modules whose projects never run, with the reason (a Start is refused with it). */
export const UNRUNNABLE_MODULES: Readonly<Record<string, string>> = {
  GooglePlace: MODULE_MESSAGES.googlePlaceUnsupported,
};
