/**
 * Where every `every`-th row of a sorted listing stands (issue 40 item 6), so that a deep page is a
 * seek after the nearest anchor and a skip of fewer than `every` rows, instead of an OFFSET that
 * walks every row before it: page 5,000 of a million links skips at most 999 index entries, not
 * 499,900. Screens jump to any page number, so plain keyset paging (next / previous) would not do.
 *
 * A listing's anchors are kept while its stamp (what the caller reads from the database, moved by
 * every write that can change the order) is the one they were found under; another stamp starts
 * them again. A page never waits for them: it starts after the nearest anchor found so far (from
 * the first row when there is none, as a plain OFFSET would), while the anchors up to it are found
 * in the background, one short query per anchor (`hop`: the row `every` rows after a cursor, or
 * after the start), one walk per listing at a time, each query yielding to other requests. At most
 * `kept` listings are kept, the least recently used dropped first.
 */
export interface PageAnchorsOptions {
  every: number;
  kept: number;
}

/** Where a page starts: after this cursor (from the first row when null), less `skip` rows. */
export interface PageStart<C> {
  after: C | null;
  skip: number;
}

/** The row `every` rows on from `after` (from the start when null); undefined past the end. */
export type AnchorHop<C> = (after: C | null) => Promise<C | undefined>;

interface ListingAnchors<C> {
  stamp: string;
  /** cursors[k]: the row at position (k + 1) · every − 1 of the listing (0-based). */
  cursors: C[];
  /** The listing ended before the next anchor. */
  ended: boolean;
  /** How many anchors the pages asked for so far want. */
  target: number;
  /** The walk under way, if any. */
  walking: Promise<void> | null;
  /** Replaced by a newer stamp or dropped from the kept listings: its walk stops. */
  dropped: boolean;
}

export class PageAnchors<C> {
  readonly #options: PageAnchorsOptions;
  readonly #listings = new Map<string, ListingAnchors<C>>();

  constructor(options: PageAnchorsOptions) {
    this.#options = options;
  }

  /**
   * Where the page that starts `offset` rows into the listing `key` (under `stamp`) starts, from
   * the anchors found so far; the ones it lacks are looked for meanwhile.
   */
  start(key: string, stamp: string, offset: number, hop: AnchorHop<C>): PageStart<C> {
    const { every } = this.#options;
    const wanted = Math.floor(offset / every);
    if (wanted === 0) return { after: null, skip: offset };
    const listing = this.#listing(key, stamp);
    if (listing.cursors.length < wanted && !listing.ended) {
      listing.target = Math.max(listing.target, wanted);
      listing.walking ??= this.#walk(listing, hop);
    }
    const have = Math.min(wanted, listing.cursors.length);
    return have === 0 ? { after: null, skip: offset } : { after: listing.cursors[have - 1]!, skip: offset - have * every };
  }

  /** Resolves when the listing's walk under way (if any) has ended. */
  async walked(key: string): Promise<void> {
    await this.#listings.get(key)?.walking;
  }

  /** The listings kept now. */
  get size(): number {
    return this.#listings.size;
  }

  #listing(key: string, stamp: string): ListingAnchors<C> {
    let listing = this.#listings.get(key);
    if (listing?.stamp !== stamp) {
      if (listing) listing.dropped = true;
      listing = { stamp, cursors: [], ended: false, target: 0, walking: null, dropped: false };
    }
    // Most recently used last: a Map keeps insertion order.
    this.#listings.delete(key);
    this.#listings.set(key, listing);
    while (this.#listings.size > this.#options.kept) {
      const oldest = this.#listings.keys().next().value!;
      this.#listings.get(oldest)!.dropped = true;
      this.#listings.delete(oldest);
    }
    return listing;
  }

  /** Finds anchors until the listing has what its pages want, ends, or is dropped. A failed query ends the walk (the next page starts one). */
  async #walk(listing: ListingAnchors<C>, hop: AnchorHop<C>): Promise<void> {
    try {
      while (!listing.dropped && !listing.ended && listing.cursors.length < listing.target) {
        const next = await hop(listing.cursors[listing.cursors.length - 1] ?? null);
        if (next === undefined) listing.ended = true;
        else listing.cursors.push(next);
      }
    } catch {
      // Anchors only spare work: a page without them is still answered, from the nearest one found.
    } finally {
      listing.walking = null;
    }
  }
}

/**
 * One PageAnchors per database, made on first use (a process may hold several databases: the tests'
 * apps), keyed by the database's adapter, which its transactions share.
 */
export function anchorsPerDatabase<C>(options: PageAnchorsOptions): (db: { getExecutor(): { adapter: object } }) => PageAnchors<C> {
  const perDatabase = new WeakMap<object, PageAnchors<C>>();
  return (db) => {
    const key = db.getExecutor().adapter;
    let anchors = perDatabase.get(key);
    if (!anchors) {
      anchors = new PageAnchors<C>(options);
      perDatabase.set(key, anchors);
    }
    return anchors;
  };
}
