/**
 * Plain text with paragraph structure from an article's DOM: one paragraph per
 * block element, blocks joined by a blank line, whitespace inside a block
 * collapsed as a browser renders it.
 *
 * `textContent` would glue "end.</p><p>Next" into "end.Next" and keep the
 * source's indentation; the fingerprint and the user both see paragraphs.
 */

// DOM node types (numeric so that no `Node` global is needed).
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** Elements that start and end a paragraph of text. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog',
  'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol',
  'p', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

/** Elements whose content is never read as text (code, styles, media, form widgets). */
export const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed',
  'audio', 'video', 'select', 'textarea', 'head',
]);

export const PARAGRAPH_SEPARATOR = '\n\n';

// Characters of scripts written without spaces, plus CJK and full-width punctuation.
const EAST_ASIAN_WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF01-\uFF60\uFFE0-\uFFE6]/u;
/** Whitespace that collapsing changes: a whole run of two or more, or one character other than a space. */
const CHANGING_WHITESPACE = /\s\s+|[^\S ]/g;
const LINE_BREAK = /[\n\r]/;

/**
 * Collapses each whitespace run to one space, like CSS `white-space: normal`.
 * A run containing a source line break between two East Asian wide
 * characters disappears instead (CSS Text 3, segment break transformation):
 * HTML editors wrap Chinese lines anywhere, and a space there would split a
 * word for the tokenizer. Single spaces, one between every two words, stay
 * as they are without a callback each.
 */
export function collapseWhitespace(text: string): string {
  return text
    .replace(CHANGING_WHITESPACE, (run: string, offset: number, whole: string) => {
      if (!LINE_BREAK.test(run)) return ' ';
      const after = whole.codePointAt(offset + run.length);
      return isWide(charBefore(whole, offset)) && after !== undefined && isWide(String.fromCodePoint(after)) ? '' : ' ';
    })
    .trim();
}

function isWide(char: string): boolean {
  return char !== '' && EAST_ASIAN_WIDE.test(char);
}

/** The character (code point) ending just before `offset`, or '' at the start. */
function charBefore(text: string, offset: number): string {
  if (offset === 0) return '';
  const code = text.charCodeAt(offset - 1);
  // A low surrogate is the second half of a pair: take both halves.
  const isLowSurrogate = code >= 0xdc00 && code <= 0xdfff;
  return text.slice(isLowSurrogate && offset >= 2 ? offset - 2 : offset - 1, offset);
}

/**
 * Collects inline text into lines (split by `<br>`) and lines into
 * paragraphs. Two or more `<br>` in a row end a paragraph: older pages,
 * Chinese forums especially, separate paragraphs that way.
 */
class ParagraphCollector {
  readonly paragraphs: string[] = [];
  private lines: string[] = [];
  private line = '';

  text(data: string): void {
    this.line += data;
  }

  lineBreak(): void {
    this.lines.push(this.line);
    this.line = '';
  }

  /** Ends the current block, if it holds any text. */
  endBlock(): void {
    this.lineBreak();
    let kept: string[] = [];
    for (const raw of this.lines) {
      const line = collapseWhitespace(raw);
      if (line) {
        kept.push(line);
      } else if (kept.length > 0) {
        this.paragraphs.push(kept.join('\n'));
        kept = [];
      }
    }
    if (kept.length > 0) this.paragraphs.push(kept.join('\n'));
    this.lines = [];
  }

  /** Preformatted text is kept as written, minus blank lines at either end. */
  preformatted(text: string): void {
    this.endBlock();
    const kept = text.replace(/\r\n?/g, '\n').replace(/^\s*\n/, '').trimEnd();
    if (kept) this.paragraphs.push(kept);
  }
}

interface Frame {
  next: Node | null;
  /** Whether leaving this frame ends a block. */
  block: boolean;
}

/**
 * The text of `root` as paragraphs separated by {@link PARAGRAPH_SEPARATOR}.
 * Walks with an explicit stack: real pages nest deeply enough to threaten
 * the call stack.
 */
export function articleText(root: Node): string {
  const out = new ParagraphCollector();
  const stack: Frame[] = [{ next: root.firstChild, block: true }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const node = frame.next;
    if (!node) {
      stack.pop();
      if (frame.block) out.endBlock();
      continue;
    }
    frame.next = node.nextSibling;
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      out.text(node.nodeValue ?? '');
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = (node as Element).localName.toLowerCase();
    if (SKIPPED_TAGS.has(tag)) continue;
    if (tag === 'br') {
      out.lineBreak();
    } else if (tag === 'pre') {
      out.preformatted(node.textContent ?? '');
    } else {
      const block = BLOCK_TAGS.has(tag);
      if (block) out.endBlock();
      stack.push({ next: node.firstChild, block });
    }
  }
  return out.paragraphs.join(PARAGRAPH_SEPARATOR);
}
