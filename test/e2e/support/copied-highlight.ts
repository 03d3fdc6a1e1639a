/** What "Show copied parts" leaves on a page, read by the Chromium and Firefox tests alike. */

/** Runs in the page: the text of each range highlighted as `name`, in the registry's order (null: none registered). */
export function highlightedTexts(name: string): string[] | null {
  const highlight = CSS.highlights.get(name);
  return highlight ? [...highlight].map((range) => (range as Range).toString()) : null;
}

/** Text with every space left out: the page's and the article's spacing differ. */
export const squeezed = (text: string): string => text.replace(/\s+/g, '');
