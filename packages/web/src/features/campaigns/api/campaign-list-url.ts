/** GET: the campaign list (and the strategies to create one from). Its own module: boot sends it early. */
export const CAMPAIGN_LIST_URL = '/rest/campaigns';
