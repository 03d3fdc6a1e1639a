/** The --pairs list: one pair of paths per line, TAB-separated. */

export interface ListedPair {
  /** 1-based line number in the list. */
  line: number;
  a: string;
  b: string;
}

export interface MalformedLine {
  line: number;
  error: string;
}

export type ListLine = ListedPair | MalformedLine;

const COMMENT_PREFIX = '#';

/**
 * The pairs in a list, in order. Blank lines and lines starting with "#" are
 * skipped; a line with fewer than two fields is reported, not dropped, so a
 * mangled list cannot pass for a short one. Columns after the second are ignored.
 */
export function parsePairsList(text: string): ListLine[] {
  const lines: ListLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.startsWith(COMMENT_PREFIX)) return;
    const [a, b] = raw.split('\t');
    if (a === undefined || b === undefined || a === '' || b === '') {
      lines.push({ line, error: 'expected two paths separated by a TAB' });
    } else {
      lines.push({ line, a, b });
    }
  });
  return lines;
}

export function isPair(line: ListLine): line is ListedPair {
  return 'a' in line;
}
