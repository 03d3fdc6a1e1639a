import type { Fingerprint } from './fingerprint64';
import type { FingerprintColumns } from './near-pairs';
import { CURRENT_SAMPLE_SIZE, type PassageMeasure } from './scheme';
import type { TextLength } from './text-length';
import type { DocumentSignature } from './verdict';

/** A Uint32Array that grows by doubling: a million entries without a million objects. */
class GrowingColumn {
  private data = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  at(i: number): number {
    return this.data[i] as number;
  }

  /** The filled part (a view, no copy). */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

/** Where an entry came from: the input it was read from and, for a .jsonl input, its line number. */
export interface EntryOrigin {
  source: number;
  line: number;
}

/** What one document brings: its whole fingerprint, and when known its passages and length. */
export interface CorpusEntry {
  fingerprint: Fingerprint;
  passages?: readonly Fingerprint[];
  /** The sample size its passages were kept with (DocumentSignature.sampleSize). */
  sampleSize?: number;
  /** How its passages were made (DocumentSignature.measure); SimHashes when not said. */
  measure?: PassageMeasure;
  length?: TextLength;
}

/** Length fields of an entry whose length is unknown (fingerprint-only lines). */
const UNKNOWN = 0xffffffff;

/**
 * The documents of one `dedup` run or reposts view, column-wise: per entry 8 bytes of
 * fingerprint, 8 of origin, 8 of length, 4 of passage start, 4 of sample size and 4 of passage measure; passages
 * 12 bytes each. Names are not kept (a .jsonl input is read again for the
 * names of the entries printed).
 */
export class Corpus {
  private readonly hi = new GrowingColumn();
  private readonly lo = new GrowingColumn();
  private readonly sources = new GrowingColumn();
  private readonly lines = new GrowingColumn();
  private readonly words = new GrowingColumn();
  private readonly cjkChars = new GrowingColumn();
  private readonly passageStart = new GrowingColumn();
  private readonly sampleSizes = new GrowingColumn();
  /** 1 for an entry whose passages are sketches. */
  private readonly sketches = new GrowingColumn();
  private readonly passageHi = new GrowingColumn();
  private readonly passageLo = new GrowingColumn();
  private readonly passageOwner = new GrowingColumn();

  get count(): number {
    return this.hi.length;
  }

  /** Adds a document; returns its entry number. */
  add(entry: CorpusEntry, origin: EntryOrigin): number {
    const id = this.hi.length;
    this.hi.push(entry.fingerprint.hi);
    this.lo.push(entry.fingerprint.lo);
    this.sources.push(origin.source);
    this.lines.push(origin.line);
    this.words.push(entry.length?.words ?? UNKNOWN);
    this.cjkChars.push(entry.length?.cjkChars ?? UNKNOWN);
    this.passageStart.push(this.passageHi.length);
    this.sampleSizes.push(entry.sampleSize ?? CURRENT_SAMPLE_SIZE);
    const sketch = entry.measure === 'sketch';
    this.sketches.push(sketch ? 1 : 0);
    // A one-passage SimHash document is its own passage (verdict.ts): filed as one, a
    // short text copied inside a longer one is found through the longer one's passages.
    const passages = entry.passages === undefined ? [] : entry.passages.length > 0 || sketch ? entry.passages : [entry.fingerprint];
    for (const p of passages) {
      this.passageHi.push(p.hi);
      this.passageLo.push(p.lo);
      this.passageOwner.push(id);
    }
    return id;
  }

  origin(id: number): EntryOrigin {
    return { source: this.sources.at(id), line: this.lines.at(id) };
  }

  fingerprint(id: number): Fingerprint {
    return { hi: this.hi.at(id), lo: this.lo.at(id) };
  }

  wholeColumns(): FingerprintColumns {
    return { hi: this.hi.view(), lo: this.lo.view(), count: this.count };
  }

  passageColumns(): FingerprintColumns {
    return { hi: this.passageHi.view(), lo: this.passageLo.view(), count: this.passageHi.length };
  }

  /**
   * The passages of one measure as columns of their own, and each one's
   * number among all passages: what a corpus mixing schemes searches per
   * measure (a copy, so only then).
   */
  passagesOf(measure: PassageMeasure): { columns: FingerprintColumns; passage: Uint32Array } {
    const picked: number[] = [];
    for (let p = 0; p < this.passageHi.length; p++) if (this.measureOf(this.passageOwner.at(p)) === measure) picked.push(p);
    const passage = Uint32Array.from(picked);
    const hi = passage.map((p) => this.passageHi.at(p));
    const lo = passage.map((p) => this.passageLo.at(p));
    return { columns: { hi, lo, count: passage.length }, passage };
  }

  /** The measures of the entries that brought passages. */
  passageMeasures(): Set<PassageMeasure> {
    const measures = new Set<PassageMeasure>();
    for (let id = 0; id < this.count && measures.size < 2; id++) {
      const end = id + 1 < this.count ? this.passageStart.at(id + 1) : this.passageHi.length;
      if (end > this.passageStart.at(id)) measures.add(this.measureOf(id));
    }
    return measures;
  }

  passageOwnerOf(passage: number): number {
    return this.passageOwner.at(passage);
  }

  measureOf(id: number): PassageMeasure {
    return this.sketches.at(id) === 1 ? 'sketch' : 'simhash';
  }

  /** The signature `judge` needs, or undefined when the entry's length is unknown. */
  signature(id: number): DocumentSignature | undefined {
    const words = this.words.at(id);
    if (words === UNKNOWN) return undefined;
    const start = this.passageStart.at(id);
    const end = id + 1 < this.count ? this.passageStart.at(id + 1) : this.passageHi.length;
    const passages: Fingerprint[] = [];
    for (let p = start; p < end; p++) passages.push({ hi: this.passageHi.at(p), lo: this.passageLo.at(p) });
    const fingerprint = this.fingerprint(id);
    const measure = this.measureOf(id);
    // add() filed a one-passage SimHash document's own fingerprint; the signature lists none.
    const own = measure === 'simhash' && passages.length === 1 && passages[0]!.hi === fingerprint.hi && passages[0]!.lo === fingerprint.lo;
    return { fingerprint, passages: own ? [] : passages, sampleSize: this.sampleSizes.at(id), measure, length: { words, cjkChars: this.cjkChars.at(id) } };
  }
}
