/**
 * The Chinese word list as a trie in typed arrays: segmentation walks it one
 * code unit at a time instead of slicing and hashing a string per candidate
 * length. Nodes are numbered breadth-first with each node's children in
 * code-unit order, so the children of node k are consecutive: edges
 * firstEdge[k] … firstEdge[k + 1] − 1, edge e leading to node e + 1 by the
 * code unit edgeCode[e]. No child array is needed, and the three arrays are
 * the whole trie: packed-dictionary.ts ships them as they are. fromWords
 * builds one in one pass over a word list, in any order, without sorting or
 * a Set of strings (edges go into an open-addressing hash table keyed by
 * node and code unit), then freezes it into that order. 146,299 words take
 * 1.6 MB (plus a 256 kB table of the root's children).
 */
const EMPTY = -1;
const ROOT = 0;
/** Linear probing stays short below this load. */
const MAX_LOAD = 0.5;
const INITIAL_SLOTS = 1 << 12;

/** Grows the trie; `freeze` turns it into a WordTrie. */
class TrieBuilder {
  /** Edge table: parent node, code unit, child node; a slot is free when its parent is EMPTY. */
  private parents = new Int32Array(INITIAL_SLOTS).fill(EMPTY);
  private codes = new Uint16Array(INITIAL_SLOTS);
  private children = new Int32Array(INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;
  private edges = 0;
  /** Per node: 1 when the path to it spells a word. */
  private words = new Uint8Array(INITIAL_SLOTS);
  /** The root's children by code unit (0: none). */
  private readonly rootChild = new Int32Array(0x10000);
  private nodes = 1;

  /** Adds the word text[start…end). */
  add(text: string, start: number, end: number): void {
    if (end <= start) return;
    let node = ROOT;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      let child = node === ROOT ? (this.rootChild[c] as number) : this.child(node, c);
      if (child === 0) {
        child = this.nodes++;
        if (child >= this.words.length) {
          const grown = new Uint8Array(this.words.length * 2);
          grown.set(this.words);
          this.words = grown;
        }
        this.insertEdge(node, c, child);
        if (node === ROOT) this.rootChild[c] = child;
      }
      node = child;
    }
    this.words[node] = 1;
  }

  private slotOf(node: number, c: number): number {
    return (Math.imul(node, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) >>> 0;
  }

  private insertEdge(node: number, c: number, child: number): void {
    if (this.edges + 1 > (this.mask + 1) * MAX_LOAD) this.grow();
    let slot = this.slotOf(node, c) & this.mask;
    while (this.parents[slot] !== EMPTY) slot = (slot + 1) & this.mask;
    this.parents[slot] = node;
    this.codes[slot] = c;
    this.children[slot] = child;
    this.edges++;
  }

  private grow(): void {
    const { parents, codes, children } = this;
    const slots = parents.length * 2;
    this.parents = new Int32Array(slots).fill(EMPTY);
    this.codes = new Uint16Array(slots);
    this.children = new Int32Array(slots);
    this.mask = slots - 1;
    this.edges = 0;
    for (let s = 0; s < parents.length; s++) {
      if (parents[s] !== EMPTY) this.insertEdge(parents[s] as number, codes[s] as number, children[s] as number);
    }
  }

  /**
   * The same trie numbered breadth-first: the edges sorted into rows by
   * parent (counting sort) and by code unit within a row, then the nodes
   * renumbered in the order a breadth-first walk of those rows meets them.
   */
  freeze(): WordTrie {
    const { parents, codes, children, nodes } = this;
    const rowStart = new Int32Array(nodes + 1);
    for (let s = 0; s < parents.length; s++) if (parents[s] !== EMPTY) rowStart[(parents[s] as number) + 1]!++;
    for (let k = 0; k < nodes; k++) rowStart[k + 1]! += rowStart[k] as number;
    const next = rowStart.slice(0, nodes);
    const rowCode = new Uint16Array(this.edges);
    const rowChild = new Int32Array(this.edges);
    for (let s = 0; s < parents.length; s++) {
      const p = parents[s] as number;
      if (p === EMPTY) continue;
      const e = next[p]!++;
      rowCode[e] = codes[s] as number;
      rowChild[e] = children[s] as number;
    }
    for (let k = 0; k < nodes; k++) sortRow(rowCode, rowChild, rowStart[k] as number, rowStart[k + 1] as number);
    // order[k]: the builder's number of the node numbered k breadth-first.
    const order = new Int32Array(nodes);
    const firstEdge = new Int32Array(nodes + 1);
    const edgeCode = new Uint16Array(this.edges);
    const words = new Uint8Array(nodes);
    let edges = 0;
    for (let k = 0; k < nodes; k++) {
      const old = order[k] as number;
      firstEdge[k] = edges;
      words[k] = this.words[old] as number;
      for (let e = rowStart[old] as number; e < (rowStart[old + 1] as number); e++) {
        edgeCode[edges] = rowCode[e] as number;
        order[++edges] = rowChild[e] as number;
      }
    }
    firstEdge[nodes] = edges;
    return new WordTrie(firstEdge, edgeCode, words);
  }

  /** The child of `node` along code unit `c`, or 0. */
  private child(node: number, c: number): number {
    const { parents, codes, mask } = this;
    for (let slot = this.slotOf(node, c) & mask; ; slot = (slot + 1) & mask) {
      const p = parents[slot] as number;
      if (p === EMPTY) return 0;
      if (p === node && codes[slot] === c) return this.children[slot] as number;
    }
  }
}

/** Insertion sort of one row's edges by code unit (rows are short: most nodes have a few children). */
function sortRow(codes: Uint16Array, children: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const c = codes[i] as number;
    const child = children[i] as number;
    let j = i - 1;
    while (j >= from && (codes[j] as number) > c) {
      codes[j + 1] = codes[j] as number;
      children[j + 1] = children[j] as number;
      j--;
    }
    codes[j + 1] = c;
    children[j + 1] = child;
  }
}

/** The arrays of a WordTrie, as packed-dictionary.ts stores them. */
export interface TrieArrays {
  /** Per node k, its first edge; its edges end where node k + 1's begin (nodes + 1 entries). */
  readonly firstEdge: Int32Array;
  /** Per edge e, the code unit that leads to node e + 1 (nodes − 1 entries). */
  readonly edgeCode: Uint16Array;
  /** Per node: 1 when the path to it spells a word. */
  readonly words: Uint8Array;
}

export class WordTrie implements TrieArrays {
  /** The root's children by code unit (0: none): one lookup for the first character of every candidate. */
  private readonly rootChild = new Int32Array(0x10000);

  /** A trie of the arrays freeze makes (or packDictionary stored); build one with fromWords. */
  constructor(
    readonly firstEdge: Int32Array,
    readonly edgeCode: Uint16Array,
    readonly words: Uint8Array,
  ) {
    if (firstEdge.length !== words.length + 1 || edgeCode.length !== Math.max(words.length - 1, 0) || firstEdge[words.length] !== edgeCode.length) {
      throw new Error('not the arrays of a word trie');
    }
    for (let e = firstEdge[ROOT] as number; e < (firstEdge[ROOT + 1] as number); e++) this.rootChild[edgeCode[e] as number] = e + 1;
  }

  /** Number of nodes (the root included). */
  get size(): number {
    return this.words.length;
  }

  /** A trie of `words` (any order, duplicates allowed). */
  static fromWords(words: readonly string[]): WordTrie {
    const builder = new TrieBuilder();
    for (const word of words) builder.add(word, 0, word.length);
    return builder.freeze();
  }

  /**
   * Writes into `lengths` the length of each word of two or more code units
   * that starts at `text[start]` and ends at or before `end`, shortest first,
   * and into `nodes` (when given) the node of each; returns how many (at most
   * lengths.length).
   */
  wordsAt(text: string, start: number, end: number, lengths: Uint8Array, nodes?: Int32Array): number {
    let count = 0;
    let node = this.rootChild[text.charCodeAt(start)] as number;
    for (let i = start + 1; node !== 0 && i < end && count < lengths.length; i++) {
      node = this.child(node, text.charCodeAt(i));
      if (node !== 0 && this.words[node] === 1) {
        if (nodes) nodes[count] = node;
        lengths[count++] = i + 1 - start;
      }
    }
    return count;
  }

  /** The node that spells `word` when it is a word of the trie (two or more code units), or 0. */
  wordNode(word: string): number {
    if (word.length < 2) return 0;
    let node = this.rootChild[word.charCodeAt(0)] as number;
    for (let i = 1; node !== 0 && i < word.length; i++) node = this.child(node, word.charCodeAt(i));
    return node !== 0 && this.words[node] === 1 ? node : 0;
  }

  /** The child of `node` along code unit `c`, or 0 (binary search in its row). */
  private child(node: number, c: number): number {
    const codes = this.edgeCode;
    let lo = this.firstEdge[node] as number;
    let hi = (this.firstEdge[node + 1] as number) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const m = codes[mid] as number;
      if (m === c) return mid + 1;
      if (m < c) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }
}
