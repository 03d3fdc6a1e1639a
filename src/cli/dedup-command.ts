import { Corpus, DEFAULT_MAX_DISTANCE, DisjointSets, FINGERPRINT_SCHEME, fingerprintFromHex, passageMeasure, forEachCandidatePair, hammingDistance, judge, lengthUnits, type Fingerprint } from '../core';
import { csvCell } from '../store';
import { EXIT_FILE_ERRORS, EXIT_OK, absolutePath, type CommandContext } from './context';
import { nameOfLine, parseFingerprintLine } from './dedup/fingerprint-lines';
import { fingerprintFiles } from './fingerprint-command';
import { errorMessage } from './error-message';
import { filesNamedBy } from './input-files';
import { writeJsonLine, type CliIo } from './io';

/** An argument's role: a .jsonl of fingerprint lines is read as a stream; any other file is a document. */
const FINGERPRINT_LINES = /\.(jsonl|ndjson)$/i;
/** Entries read between two progress lines. */
const PROGRESS_EVERY = 100_000;

/** An input of the run: a .jsonl file (entries named by reading it again) or one document (named by its path). */
type Source = { kind: 'lines'; path: string } | { kind: 'document'; name: string };

interface Found {
  /** Groups of copies: entry numbers, first-read first. */
  clusters: number[][];
  /** Partial copies: the shorter text, the longer one, their distance. */
  partials: Array<{ part: number; whole: number; distance: number }>;
}

/**
 * `deja-lu dedup [--html] [--csv] DIR|FILE…`: the near-duplicates inside a
 * corpus, found as the extension finds them in a history (four-block index,
 * then the same verdict), but all in memory (core/near-pairs.ts).
 */
export async function runDedup({ io, flags, files }: CommandContext): Promise<number> {
  const started = Date.now();
  const corpus = new Corpus();
  const sources: Source[] = [];
  let failed = false;
  const fail = (what: string, error: string): void => {
    failed = true;
    io.stderr.write(`deja-lu dedup: ${what}: ${error}\n`);
  };
  const documents: string[] = [];
  for (const arg of files) {
    const named = await filesNamedBy(io, arg);
    // Only a file named on the command line is read as fingerprint lines; a directory's files are documents.
    if (named.length !== 1 || named[0] !== arg || !FINGERPRINT_LINES.test(arg)) {
      documents.push(...named);
      continue;
    }
    try {
      await readLines(io, corpus, sources, absolutePath(io, arg), fail);
    } catch (error) {
      fail(arg, errorMessage(error));
    }
  }
  await fingerprintFiles(io, documents, { html: flags.html, passages: true }, (line) => {
    if ('error' in line) return fail(line.file, line.error);
    const source = sources.push({ kind: 'document', name: line.file }) - 1;
    const passages = (line.passages ?? []).map((hex) => fingerprintFromHex(hex));
    corpus.add({ fingerprint: fingerprintFromHex(line.simhash), passages, measure: passageMeasure(FINGERPRINT_SCHEME), length: { words: line.words ?? 0, cjkChars: line.cjkChars ?? 0 } }, { source, line: 0 });
    if (corpus.count % PROGRESS_EVERY === 0) io.progress?.(`fingerprinted ${corpus.count.toLocaleString('en')} documents…`);
  });
  io.progress?.(`comparing ${corpus.count.toLocaleString('en')} documents…`);
  const found = findCopies(corpus);
  const names = await entryNames(io, corpus, sources, found);
  io.progress?.('');
  if (flags.csv) writeCsv(io, corpus, found, names);
  else writeJson(io, corpus, found, names);
  const grouped = found.clusters.reduce((sum, c) => sum + c.length, 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.stderr.write(`deja-lu dedup: ${counted(corpus.count, 'document')}, ${counted(found.clusters.length, 'group')} of copies (${counted(grouped, 'document')}), ${counted(found.partials.length, 'partial copy', 'partial copies')}, ${seconds} s\n`);
  return failed ? EXIT_FILE_ERRORS : EXIT_OK;
}

function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

async function readLines(io: CliIo, corpus: Corpus, sources: Source[], path: string, fail: (what: string, error: string) => void): Promise<void> {
  const source = sources.push({ kind: 'lines', path }) - 1;
  let number = 0;
  for await (const line of io.readLines(path)) {
    number++;
    if (line.trim() === '') continue;
    const parsed = parseFingerprintLine(line);
    if (parsed.kind === 'invalid') fail(`${path}:${number}`, parsed.reason);
    if (parsed.kind !== 'entry') continue;
    corpus.add(parsed.entry, { source, line: number });
    if (corpus.count % PROGRESS_EVERY === 0) io.progress?.(`read ${corpus.count.toLocaleString('en')} fingerprints…`);
  }
}

/**
 * Pairs come from the whole fingerprints (within distance 3) and from shared
 * passages; each pair of documents whose lengths are known gets `judge`'s
 * verdict, as in the extension (the earlier-read entry as the page read
 * before). Fingerprint-only pairs within distance 3 are copies.
 */
function findCopies(corpus: Corpus): Found {
  const groups = new DisjointSets(corpus.count);
  const partials: Found['partials'] = [];
  forEachCandidatePair(corpus, DEFAULT_MAX_DISTANCE, (i, j) => {
    const earlier = corpus.signature(i);
    const later = corpus.signature(j);
    if (!earlier || !later) {
      if (hammingDistance(corpus.fingerprint(i), corpus.fingerprint(j)) <= DEFAULT_MAX_DISTANCE) groups.union(i, j);
      return;
    }
    const { verdict, distance } = judge(earlier, later);
    if (verdict === 'duplicate') groups.union(i, j);
    else if (verdict === 'partial') {
      const laterIsShorter = lengthUnits(later.length) < lengthUnits(earlier.length);
      partials.push(laterIsShorter ? { part: j, whole: i, distance } : { part: i, whole: j, distance });
    }
  });
  return { clusters: clustersOf(corpus.count, groups), partials: nearestPerGroup(corpus.count, groups, partials) };
}

/**
 * One partial copy per pair of groups: a part of an article reposted five
 * times is one finding, reported against the nearest copy.
 */
function nearestPerGroup(count: number, groups: DisjointSets, partials: Found['partials']): Found['partials'] {
  const nearest = new Map<number, Found['partials'][number]>();
  for (const partial of partials) {
    const key = groups.find(partial.part) * count + groups.find(partial.whole);
    const kept = nearest.get(key);
    if (!kept || partial.distance < kept.distance) nearest.set(key, partial);
  }
  return [...nearest.values()].sort((a, b) => a.whole - b.whole || a.part - b.part);
}

function clustersOf(count: number, groups: DisjointSets): number[][] {
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    if (groups.sizeOf(i) < 2) continue;
    const root = groups.find(i);
    const members = byRoot.get(root);
    if (members) members.push(i);
    else byRoot.set(root, [i]);
  }
  return [...byRoot.values()];
}

/** Names of the entries printed: a document's path, or what its .jsonl line calls it (read again, one pass per file). */
async function entryNames(io: CliIo, corpus: Corpus, sources: readonly Source[], found: Found): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const wanted = new Map<number, Map<number, number>>();
  const want = (id: number): void => {
    const { source, line } = corpus.origin(id);
    const input = sources[source] as Source;
    if (input.kind === 'document') {
      names.set(id, input.name);
      return;
    }
    let lines = wanted.get(source);
    if (!lines) wanted.set(source, (lines = new Map()));
    lines.set(line, id);
  };
  for (const cluster of found.clusters) cluster.forEach(want);
  for (const { part, whole } of found.partials) {
    want(part);
    want(whole);
  }
  for (const [source, lines] of wanted) {
    const { path } = sources[source] as { path: string };
    let number = 0;
    for await (const line of io.readLines(path)) {
      const id = lines.get(++number);
      if (id !== undefined) names.set(id, nameOfLine(line) ?? `${path}:${number}`);
    }
  }
  return names;
}

function distanceTo(corpus: Corpus, first: Fingerprint, id: number): number {
  return hammingDistance(first, corpus.fingerprint(id));
}

function writeJson(io: CliIo, corpus: Corpus, found: Found, names: ReadonlyMap<number, string>): void {
  found.clusters.forEach((members, k) => {
    const first = corpus.fingerprint(members[0] as number);
    writeJsonLine(io.stdout, { kind: 'duplicates', cluster: k + 1, files: members.map((id) => names.get(id)), distances: members.map((id) => distanceTo(corpus, first, id)) });
  });
  for (const { part, whole, distance } of found.partials) {
    writeJsonLine(io.stdout, { kind: 'partial', file: names.get(part), of: names.get(whole), distance });
  }
}

function writeCsv(io: CliIo, corpus: Corpus, found: Found, names: ReadonlyMap<number, string>): void {
  const row = (fields: ReadonlyArray<string | number>): void => {
    io.stdout.write(`${fields.map(csvCell).join(',')}\r\n`);
  };
  row(['cluster', 'kind', 'file', 'of', 'distance']);
  found.clusters.forEach((members, k) => {
    const firstId = members[0] as number;
    const first = corpus.fingerprint(firstId);
    for (const id of members) row([k + 1, 'duplicate', names.get(id) ?? '', id === firstId ? '' : (names.get(firstId) ?? ''), distanceTo(corpus, first, id)]);
  });
  for (const { part, whole, distance } of found.partials) row(['', 'partial', names.get(part) ?? '', names.get(whole) ?? '', distance]);
}
