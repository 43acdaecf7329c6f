/** One found image or video: its URL, and the credit line its licence asks for (null: none). */
export interface FoundMedia {
  url: string;
  credit: string | null;
}
