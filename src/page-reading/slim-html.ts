/**
 * A page's serialised HTML without what extraction never reads: the bodies
 * of its `<script>` elements (JSON-LD's kept, which the metadata comes from)
 * and of its `<style>` elements. Readability removes both elements before it
 * looks at the page (src/extract), so the article and its metadata are the
 * same; the elements themselves stay, empty. On the big news pages of the
 * practice set they are 70–83 % of the HTML, which the content script sends
 * on and the reader parses (docs/performance.md, time to verdict).
 *
 * This reads HTML as a browser serialises it (`outerHTML`): attributes always
 * `name="value"` with `"` escaped, and a `<` in text escaped, so a `<` starts
 * a tag, a comment or a doctype except inside comments and the elements whose
 * text is written out raw. The scan steps over those whole (kept as they
 * are), and over every other start tag with its attributes, so a `<script` in
 * a comment, a raw text or an attribute value is never taken for a tag.
 */
/** A start tag's attributes as serialised: ` name="value"` (also a bare ` name`, as linkedom writes one without a value). */
const ATTRIBUTES = String.raw`(?: [^\s/>][^\s/>=]*(?:="[^"]*")?)*`;

const TOKEN = new RegExp([
  // A comment, kept.
  String.raw`<!--[\s\S]*?-->`,
  // Elements whose text is serialised raw, kept whole (their text may hold "<script" or "<!--").
  String.raw`<(xmp|iframe|noembed|noframes|noscript)(?=[\s/>])${ATTRIBUTES}\s*>[\s\S]*?</\1\s*>`,
  // A script or style element (not a custom <script-x>): its start tag (group 2; name 3, attributes 4) kept, its body dropped.
  String.raw`(<(script|style)(?=[\s/>])(${ATTRIBUTES})\s*>)[\s\S]*?(?=</\3[\s/>])`,
  // Any other start tag, with attribute values that may hold "<script", kept.
  String.raw`<[a-zA-Z][^\s/>]*${ATTRIBUTES}\s*/?>`,
].join('|'), 'gi');

/** A script whose data Readability and src/extract/metadata.ts read. */
const JSON_LD = /ld\+json/i;

export function slimHtml(html: string): string {
  return html.replace(TOKEN, (token: string, _raw?: string, startTag?: string, tag?: string, attributes?: string) => {
    if (startTag === undefined) return token;
    return tag?.toLowerCase() === 'script' && JSON_LD.test(attributes ?? '') ? token : startTag;
  });
}
