import { openShadowRoot } from '../extract/shadow-roots';

/**
 * Lines shorter than this (spaces left out) are not looked for: a line of a
 * number or a word or two would be found anywhere; a sentence fragment of
 * four characters is already specific in Chinese, and the parts of an article
 * rarely cut a line shorter.
 */
export const MIN_LINE_CHARS = 4;

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
/** Elements whose text no reader sees. */
const UNSEEN = new Set(['script', 'style', 'noscript', 'template', 'textarea']);
const SPACE = /\s/;

/** The longest of `lines` the text holds (after `cursor` if it can), and where: the line a part is found by. */
function anchorOf(text: string, lines: readonly string[], cursor: number): { anchor: number; at: number } | undefined {
  const longestFirst = lines.map((_, i) => i).sort((a, b) => (lines[b] as string).length - (lines[a] as string).length);
  for (const anchor of longestFirst) {
    const line = lines[anchor] as string;
    const after = text.indexOf(line, cursor);
    const at = after >= 0 ? after : text.indexOf(line);
    if (at >= 0) return { anchor, at };
  }
  return undefined;
}

/** Where a found text lies in the page: from `startOffset` of one text node to `endOffset` of another (exclusive), as a DOM Range would. */
export interface TextBounds {
  start: Text;
  startOffset: number;
  end: Text;
  endOffset: number;
}

/** The page's visible text with every space left out, and where each of its code units lies. */
interface TextIndex {
  text: string;
  nodes: Text[];
  /** Per code unit of `text`: its text node (index into `nodes`) and the offset in it. */
  node: number[];
  offset: number[];
}

function indexText(root: Node): TextIndex {
  const index: TextIndex = { text: '', nodes: [], node: [], offset: [] };
  const pieces: string[] = [];
  const visit = (parent: Node): void => {
    for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) {
        const data = (child as Text).data;
        const number = index.nodes.push(child as Text) - 1;
        let piece = '';
        for (let i = 0; i < data.length; i++) {
          if (SPACE.test(data[i] as string)) continue;
          piece += data[i];
          index.node.push(number);
          index.offset.push(i);
        }
        pieces.push(piece);
      } else if (child.nodeType === ELEMENT_NODE && !UNSEEN.has((child as Element).localName)) {
        // A web component's open shadow root holds what it shows; its light children are slotted in.
        const shadow = openShadowRoot(child as Element);
        if (shadow) visit(shadow);
        visit(child);
      }
    }
  };
  visit(root);
  index.text = pieces.join('');
  return index;
}

/**
 * Where the page's text nodes hold `parts`, line by line, in order:
 * each line of a part (the article's text keeps a paragraph per line) is
 * looked for with spaces left out, as the article was read from the page
 * (open shadow roots included) with its own spacing. A part is found by its
 * longest line the page holds (after the previous part, or anywhere), and its other
 * lines next to it, those before it backwards: a short line, such as a
 * byline that is also the site's name, is then found in the article rather
 * than in the page's header. Lines not found (text the page changed since)
 * are skipped. The page's DOM is only read.
 */
export function findText(root: Node, parts: readonly string[]): TextBounds[] {
  const index = indexText(root);
  const text = index.text;
  const ranges: TextBounds[] = [];
  const rangeOf = (at: number, length: number): TextBounds => {
    const last = at + length - 1;
    return {
      start: index.nodes[index.node[at] as number] as Text,
      startOffset: index.offset[at] as number,
      end: index.nodes[index.node[last] as number] as Text,
      endOffset: (index.offset[last] as number) + 1,
    };
  };
  let cursor = 0;
  for (const part of parts) {
    const lines = part.split('\n').map((line) => line.replace(/\s+/g, '')).filter((line) => line.length >= MIN_LINE_CHARS);
    const located = anchorOf(text, lines, cursor);
    if (!located) continue;
    const { anchor, at: anchorAt } = located;
    const anchorLine = lines[anchor] as string;
    const before: TextBounds[] = [];
    let from = anchorAt;
    for (let i = anchor - 1; i >= 0; i--) {
      const line = lines[i] as string;
      const at = from - line.length < 0 ? -1 : text.lastIndexOf(line, from - line.length);
      if (at < 0) continue;
      before.unshift(rangeOf(at, line.length));
      from = at;
    }
    ranges.push(...before, rangeOf(anchorAt, anchorLine.length));
    cursor = anchorAt + anchorLine.length;
    for (const line of lines.slice(anchor + 1)) {
      const at = text.indexOf(line, cursor);
      if (at < 0) continue;
      ranges.push(rangeOf(at, line.length));
      cursor = at + line.length;
    }
  }
  return ranges;
}
