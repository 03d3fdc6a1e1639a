/**
 * A page's serialised HTML without what extraction never reads: the bodies
 * of its `<script>` elements (JSON-LD's kept, which the metadata comes from)
 * and of its `<style>` elements. Readability removes both elements before it
 * looks at the page (src/extract), so the article and its metadata are the
 * same; the elements themselves stay, empty. On the big news pages of the
 * practice set they are 70–83 % of the HTML, which the content script sends
 * on and the reader parses (docs/performance.md, time to verdict).
 *
 * Inline event handlers (attributes named `on…`) go too. Nothing in
 * extraction reads them, and the reader parses in an extension page, whose
 * content security policy refuses each one as the parser meets it: about
 * 0.07 ms a handler in Chromium, 60–140 ms for a page with 570 of them,
 * against 2 ms for the same HTML in a web page (decisions/0075).
 *
 * This reads HTML as a browser serialises it (`outerHTML`): attributes always
 * `name="value"` with `"` escaped, and a `<` in text escaped, so a `<` starts
 * a tag, a comment or a doctype except inside comments and the elements whose
 * text is written out raw. The scan steps over those whole (their text kept
 * as it is), and over every other start tag with its attributes, so a
 * `<script` in a comment, a raw text or an attribute value is never taken for
 * a tag.
 */
/** A start tag's attributes as serialised: ` name="value"` (also a bare ` name`, as linkedom writes one without a value). */
const ATTRIBUTES = String.raw`(?: [^\s/>][^\s/>=]*(?:="[^"]*")?)*`;

const TOKEN = new RegExp([
  // A comment, kept.
  String.raw`<!--[\s\S]*?-->`,
  // Elements whose text is serialised raw (it may hold "<script" or "<!--"): the start tag (group 1; name 2), then the text kept whole (group 3).
  String.raw`(<(xmp|iframe|noembed|noframes|noscript)(?=[\s/>])${ATTRIBUTES}\s*>)([\s\S]*?</\2\s*>)`,
  // A script or style element (not a custom <script-x>): its start tag (group 4; name 5, attributes 6) kept, its body dropped.
  String.raw`(<(script|style)(?=[\s/>])(${ATTRIBUTES})\s*>)[\s\S]*?(?=</\5[\s/>])`,
  // Any other start tag (group 7), with attribute values that may hold "<script".
  String.raw`(<[a-zA-Z][^\s/>]*${ATTRIBUTES}\s*/?>)`,
].join('|'), 'gi');

/** A script whose data Readability and src/extract/metadata.ts read. */
const JSON_LD = /ld\+json/i;

/** One serialised attribute (` name` or ` name="value"`) where the previous one ended. */
const ATTRIBUTE = / ([^\s/>][^\s/>=]*)(?:="[^"]*")?/y;
/** An inline event handler's name. */
const HANDLER_NAME = /^on/i;
/** A start tag that may hold one: most hold none, and are returned as they are. */
const MAY_HOLD_HANDLER = / on/i;

/** `tag` (a start tag as serialised) without its inline event handlers. */
function withoutHandlers(tag: string): string {
  if (!MAY_HOLD_HANDLER.test(tag)) return tag;
  let at = tag.search(/[\s/>]/);
  let kept = tag.slice(0, at);
  ATTRIBUTE.lastIndex = at;
  for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
    if (!HANDLER_NAME.test(m[1] as string)) kept += m[0];
    at = ATTRIBUTE.lastIndex;
  }
  return kept + tag.slice(at);
}

export function slimHtml(html: string): string {
  return html.replace(TOKEN, (token: string, rawStart?: string, _rawName?: string, rawText?: string, scriptStart?: string, scriptName?: string, scriptAttributes?: string, otherStart?: string) => {
    if (otherStart !== undefined) return withoutHandlers(otherStart);
    if (rawStart !== undefined) return withoutHandlers(rawStart) + rawText;
    if (scriptStart === undefined) return token;
    const keepsBody = scriptName?.toLowerCase() === 'script' && JSON_LD.test(scriptAttributes ?? '');
    return withoutHandlers(scriptStart) + (keepsBody ? token.slice(scriptStart.length) : '');
  });
}
