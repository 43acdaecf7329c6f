import type { AnchorKeywords } from '@linkloom/shared';

/** A link set row's keyword columns, as the engine and the reports read them. */
export interface LinkSetKeywordColumns {
  use_keyword: number; primary_keyword: string; secondary_keyword: string; branded_keyword: string; generic_keyword: string;
  primary_percentage: number; secondary_percentage: number; branded_percentage: number; generic_percentage: number; naked_url_percentage: number;
  link_anchor_percentage: number;
}

/** The anchor keywords and their configured shares of a link set (the engine's draw, the reports' "configured"). */
export function keywordsOf(row: LinkSetKeywordColumns): AnchorKeywords {
  return {
    useKeyword: row.use_keyword === 1,
    primaryKeyword: row.primary_keyword, secondaryKeyword: row.secondary_keyword, brandedKeyword: row.branded_keyword, genericKeyword: row.generic_keyword,
    primaryPercentage: row.primary_percentage, secondaryPercentage: row.secondary_percentage, brandedPercentage: row.branded_percentage,
    genericPercentage: row.generic_percentage, nakedUrlPercentage: row.naked_url_percentage, linkAnchorPercentage: row.link_anchor_percentage,
  };
}
