/**
 * The history export file (docs/export-format.md): constants, record
 * validation and serialisation. Pure — no IndexedDB — so the CLI can write
 * export files and the store can read them with the same rules.
 */
import { isFingerprintHex } from '../core/fingerprint64';
import { FINGERPRINT_SCHEME, FINGERPRINT_SCHEMES, isFingerprintScheme, passageSampleSize, type FingerprintScheme } from '../core/scheme';
import { normalizeUrl } from '../core/url';
import { urlHash } from './codec/page-key';
import { JsonScanError, StreamedObjectScanner, type ScanEvent } from './json-scanner';
import {
  MAX_CLOCK_SKEW_MS, MAX_EXCERPT_LENGTH, MAX_IMPORT_EXCERPT_LENGTH, MAX_LANGUAGE_LENGTH, MAX_PASSAGES,
  MAX_SITE_LENGTH, MAX_TEXT_COUNT, MAX_TITLE_LENGTH, MAX_URL_LENGTH, MAX_VISIT_COUNT, MIN_VISIT_TIME,
  PAGE_SOURCES, truncateText, type NewPage, type Page, type PageInput, type PageSource,
} from './page';

export const EXPORT_FORMAT = 'deja-lu-history';
/** Bumped on any change an older reader would misread; readers refuse versions they do not know. */
export const EXPORT_VERSION = 2;
/** Versions this code reads: 1 has no "scheme" (its pages are all scheme 1). */
export const READABLE_EXPORT_VERSIONS: readonly number[] = [1, 2];
/** The scheme of a record that does not name one: every page written before schemes existed. */
export const SCHEME_WHEN_ABSENT: FingerprintScheme = 1;

/**
 * Characters in one record as written: the most text an import holds for one
 * record, whatever the file's size (docs/export-format.md, "Limits"). A valid
 * record needs under 40,000 even with every string at its limit and fully
 * escaped; the rest is room for unknown fields other tools add. Longer
 * records are rejected without being kept.
 */
export const MAX_IMPORT_RECORD_CHARS = 1024 * 1024;

/** A page as written in an export file (the file format's view of `Page`): no internal id, times as ISO 8601 strings. */
export interface ExportRecord {
  url: string;
  canonicalUrl?: string;
  title: string;
  site: string;
  language?: string;
  excerpt: string;
  textLength: number;
  cjkChars: number;
  words: number;
  fingerprint: string;
  passages: string[];
  scheme: FingerprintScheme;
  proseTotal?: number;
  /** Chunk heads (Page.heads), when the page keeps any. */
  heads?: string[];
  publishedAt?: string;
  firstVisit: string;
  lastVisit: string;
  visitCount: number;
  source: PageSource;
}

/** Why a record is refused; `url` when it has a string one (shortened). */
export type Refusal = { ok: false; reason: string; url?: string };

export type RecordCheck = { ok: true; record: ExportRecord } | Refusal;

/** A record checked and turned into the page the store keeps, without its id. */
export type PageCheck = { ok: true; page: NewPage } | Refusal;

/** Thrown by the field readers below; turned into a rejection reason. */
class InvalidField extends Error {}

type Fields = Record<string, unknown>;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LANGUAGE_TAG = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent and null both mean "not given" so other tools' JSON writers are accepted. */
function present(fields: Fields, key: string): boolean {
  return fields[key] !== undefined && fields[key] !== null;
}

function readString(fields: Fields, key: string, max: number): string {
  const value = fields[key];
  if (typeof value !== 'string') throw new InvalidField(`${key}: expected a string`);
  if (value.length > max) throw new InvalidField(`${key}: longer than ${max} characters`);
  return value;
}

function readCount(fields: Fields, key: string, min: number, max: number): number {
  const value = fields[key];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new InvalidField(`${key}: expected an integer`);
  if (value < min || value > max) throw new InvalidField(`${key}: ${value} is outside ${min}..${max}`);
  return value;
}

function readUrl(fields: Fields, key: string): string {
  const url = normalizeUrl(readString(fields, key, MAX_URL_LENGTH));
  if (url === undefined) throw new InvalidField(`${key}: not an absolute http(s) or file URL`);
  if (url.length > MAX_URL_LENGTH) throw new InvalidField(`${key}: longer than ${MAX_URL_LENGTH} characters once normalised`);
  return url;
}

function readFingerprint(value: unknown, key: string): string {
  if (isFingerprintHex(value)) return value;
  const hex = typeof value === 'string' ? value.toLowerCase() : value;
  if (!isFingerprintHex(hex)) throw new InvalidField(`${key}: expected 16 hexadecimal digits`);
  return hex;
}

function readScheme(value: unknown): FingerprintScheme {
  if (!isFingerprintScheme(value)) {
    const newer = typeof value === 'number' && value > FINGERPRINT_SCHEME ? ' (written by a newer Déjà Lu)' : '';
    throw new InvalidField(`scheme: expected one of ${FINGERPRINT_SCHEMES.join(', ')}${newer}`);
  }
  return value;
}

function readTime(fields: Fields, key: string): number {
  const value = readString(fields, key, 40);
  const ms = ISO_TIME.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw new InvalidField(`${key}: expected an ISO 8601 time such as 2024-05-01T12:00:00.000Z`);
  return ms;
}

/**
 * Earliest publication time a record may declare. Pages leak their software's
 * "no date" as a date: .NET's 0001-01-01, SQL Server's 1753-01-01; nothing
 * published on the web dates from before 1800, so earlier is corrupt data.
 */
export const MIN_PUBLISHED_TIME = Date.UTC(1800, 0, 1);

/** Whether a declared publication time is plausible: from 1800 to a day after `now` (clock skew, time zones). */
export function isPlausiblePublishedTime(ms: number, now: Date): boolean {
  return Number.isFinite(ms) && ms >= MIN_PUBLISHED_TIME && ms <= now.getTime() + MAX_CLOCK_SKEW_MS;
}

/**
 * A well-formed publication time outside the plausible range is dropped, not
 * the record: earlier releases stored whatever date a page declared, and a
 * backup must restore every page it holds.
 */
function readPublishedTime(fields: Fields, now: Date): string | undefined {
  const ms = readTime(fields, 'publishedAt');
  return isPlausiblePublishedTime(ms, now) ? new Date(ms).toISOString() : undefined;
}

function readVisitTime(fields: Fields, key: string, now: Date): number {
  const ms = readTime(fields, key);
  if (ms < MIN_VISIT_TIME) throw new InvalidField(`${key}: before 1990`);
  if (ms > now.getTime() + MAX_CLOCK_SKEW_MS) throw new InvalidField(`${key}: in the future`);
  return ms;
}

type PageContent = Omit<ExportRecord, 'firstVisit' | 'lastVisit' | 'visitCount'>;

function readContent(fields: Fields, now: Date): PageContent {
  const url = readUrl(fields, 'url');
  const canonicalUrl = present(fields, 'canonicalUrl') ? readUrl(fields, 'canonicalUrl') : undefined;
  const title = readString(fields, 'title', MAX_TITLE_LENGTH);
  const site = readString(fields, 'site', MAX_SITE_LENGTH);
  const language = present(fields, 'language') ? readString(fields, 'language', MAX_LANGUAGE_LENGTH) : undefined;
  if (language !== undefined && !LANGUAGE_TAG.test(language)) throw new InvalidField('language: not a language tag such as "en" or "pt-BR"');
  const excerpt = truncateText(readString(fields, 'excerpt', MAX_IMPORT_EXCERPT_LENGTH), MAX_EXCERPT_LENGTH);
  const textLength = readCount(fields, 'textLength', 0, MAX_TEXT_COUNT);
  const cjkChars = readCount(fields, 'cjkChars', 0, MAX_TEXT_COUNT);
  const words = readCount(fields, 'words', 0, MAX_TEXT_COUNT);
  const fingerprint = readFingerprint(fields.fingerprint, 'fingerprint');
  const scheme = present(fields, 'scheme') ? readScheme(fields.scheme) : SCHEME_WHEN_ABSENT;
  // A page keeps at most its scheme's sample of passages, and a head for each; never fewer than every earlier build read.
  const most = Math.max(passageSampleSize(scheme), MAX_PASSAGES);
  const passages = readFingerprints(fields.passages, 'passages', most);
  const proseTotal = present(fields, 'proseTotal') ? readCount(fields, 'proseTotal', 0, MAX_TEXT_COUNT) : undefined;
  const heads = present(fields, 'heads') ? readFingerprints(fields.heads, 'heads', most) : undefined;
  const publishedAt = present(fields, 'publishedAt') ? readPublishedTime(fields, now) : undefined;
  const source = fields.source;
  if (!PAGE_SOURCES.includes(source as PageSource)) throw new InvalidField(`source: expected one of ${PAGE_SOURCES.join(', ')}`);
  return { url, canonicalUrl, title, site, language, excerpt, textLength, cjkChars, words, fingerprint, passages, scheme, proseTotal, heads, publishedAt, source: source as PageSource };
}

/** An array of at most `max` fingerprints (passages, chunk heads). */
function readFingerprints(raw: unknown, name: string, max: number): string[] {
  if (!Array.isArray(raw)) throw new InvalidField(`${name}: expected an array`);
  if (raw.length > max) throw new InvalidField(`${name}: more than ${max}`);
  return raw.map((value, i) => readFingerprint(value, `${name}[${i}]`));
}

type Visits = Pick<Page, 'firstVisit' | 'lastVisit' | 'visitCount'>;

function readVisits(fields: Fields, now: Date): Visits {
  const firstVisit = readVisitTime(fields, 'firstVisit', now);
  const lastVisit = readVisitTime(fields, 'lastVisit', now);
  if (firstVisit > lastVisit) throw new InvalidField('firstVisit: later than lastVisit');
  const visitCount = readCount(fields, 'visitCount', 1, MAX_VISIT_COUNT);
  return { firstVisit, lastVisit, visitCount };
}

/** The page of checked content and visits; optional fields are left out rather than stored as undefined, so stored records compare equal after a round trip. */
function toPage(content: PageContent, visits: Visits): NewPage {
  const page: NewPage = {
    url: content.url,
    title: content.title,
    site: content.site,
    excerpt: content.excerpt,
    textLength: content.textLength,
    fingerprint: content.fingerprint,
    passages: content.passages,
    scheme: content.scheme,
    cjkChars: content.cjkChars,
    words: content.words,
    ...visits,
    source: content.source,
  };
  if (content.canonicalUrl !== undefined) page.canonicalUrl = content.canonicalUrl;
  if (content.language !== undefined) page.language = content.language;
  if (content.proseTotal !== undefined) page.proseTotal = content.proseTotal;
  if (content.heads?.length) page.heads = content.heads;
  if (content.publishedAt !== undefined) page.publishedAt = Date.parse(content.publishedAt);
  return page;
}

/**
 * Checks one record of an export file and returns the page it describes
 * (URL normalised, hex lower-cased, excerpt cut to the stored length), or the
 * reason it is refused. Unknown fields are ignored. What imports use: no
 * round trip of the times through text.
 */
export function validateExportPage(value: unknown, now: Date): PageCheck {
  if (!isFields(value)) return { ok: false, reason: 'record: expected an object' };
  try {
    return { ok: true, page: toPage(readContent(value, now), readVisits(value, now)) };
  } catch (error) {
    if (!(error instanceof InvalidField)) throw error;
    const url = typeof value.url === 'string' ? truncateText(value.url, 200) : undefined;
    return { ok: false, reason: error.message, url };
  }
}

/** validateExportPage, with the record normalised as an export file has it (times as UTC ISO 8601). */
export function validateExportRecord(value: unknown, now: Date): RecordCheck {
  const check = validateExportPage(value, now);
  return check.ok ? { ok: true, record: pageToExportRecord(check.page) } : check;
}

/**
 * The record for a page seen (or added) at `now`, first and only visit.
 * Title and excerpt are cut to their limits; an unparseable or implausible
 * declared date (isPlausiblePublishedTime), language or canonical URL is dropped, since it is page metadata the user
 * cannot fix. `now` is trusted as is (no sanity range, unlike imported
 * times). Throws a TypeError when the URL or a fingerprint is unusable.
 */
export function pageInputToExportRecord(input: PageInput, now: Date): ExportRecord {
  const url = normalizeUrl(input.url);
  const canonicalUrl = input.canonicalUrl === undefined ? undefined : normalizeUrl(input.canonicalUrl);
  const language = input.language?.trim().replace(/_/g, '-');
  const publishedAt = input.publishedAt === undefined ? undefined : new Date(input.publishedAt);
  const candidate = {
    url: url ?? input.url,
    canonicalUrl: canonicalUrl !== undefined && canonicalUrl.length <= MAX_URL_LENGTH ? canonicalUrl : undefined,
    title: truncateText(input.title, MAX_TITLE_LENGTH),
    site: input.site,
    language: language !== undefined && language.length <= MAX_LANGUAGE_LENGTH && LANGUAGE_TAG.test(language) ? language : undefined,
    excerpt: truncateText(input.excerpt, MAX_EXCERPT_LENGTH),
    textLength: input.textLength,
    cjkChars: input.cjkChars,
    words: input.words,
    fingerprint: input.fingerprint,
    passages: input.passages ?? [],
    scheme: input.scheme ?? FINGERPRINT_SCHEME,
    proseTotal: input.proseTotal === undefined ? undefined : Math.round(input.proseTotal),
    heads: input.heads?.length ? input.heads : undefined,
    publishedAt: publishedAt !== undefined && isPlausiblePublishedTime(publishedAt.getTime(), now) ? publishedAt.toISOString() : undefined,
    source: input.source ?? 'visit',
  };
  let content: PageContent;
  try {
    content = readContent(candidate, now);
  } catch (error) {
    if (!(error instanceof InvalidField)) throw error;
    throw new TypeError(`cannot record page ${JSON.stringify(truncateText(input.url, 200))}: ${error.message}`);
  }
  const at = now.toISOString();
  return { ...content, firstVisit: at, lastVisit: at, visitCount: 1 };
}

export function pageToExportRecord(page: NewPage): ExportRecord {
  return {
    url: page.url,
    canonicalUrl: page.canonicalUrl,
    title: page.title,
    site: page.site,
    language: page.language,
    excerpt: page.excerpt,
    textLength: page.textLength,
    cjkChars: page.cjkChars,
    words: page.words,
    fingerprint: page.fingerprint,
    passages: page.passages,
    scheme: page.scheme,
    proseTotal: page.proseTotal,
    heads: page.heads,
    publishedAt: page.publishedAt === undefined ? undefined : new Date(page.publishedAt).toISOString(),
    firstVisit: new Date(page.firstVisit).toISOString(),
    lastVisit: new Date(page.lastVisit).toISOString(),
    visitCount: page.visitCount,
    source: page.source,
  };
}

/** The stored page for a validated record, without the id the store assigns. */
export function exportRecordToPage(record: ExportRecord): NewPage {
  return toPage(record, { firstVisit: Date.parse(record.firstVisit), lastVisit: Date.parse(record.lastVisit), visitCount: record.visitCount });
}

/** One record as a single line of JSON, fields in documented order, absent optional fields omitted. */
export function serializeExportRecord(record: ExportRecord): string {
  return JSON.stringify({
    url: record.url,
    canonicalUrl: record.canonicalUrl,
    title: record.title,
    site: record.site,
    language: record.language,
    excerpt: record.excerpt,
    textLength: record.textLength,
    cjkChars: record.cjkChars,
    words: record.words,
    fingerprint: record.fingerprint,
    passages: record.passages,
    scheme: record.scheme,
    proseTotal: record.proseTotal,
    heads: record.heads,
    publishedAt: record.publishedAt,
    firstVisit: record.firstVisit,
    lastVisit: record.lastVisit,
    visitCount: record.visitCount,
    source: record.source,
  });
}

/**
 * `records` in the order of the page keys they will be stored under (their
 * URL hash; pages sharing one keep their order), the order History.exportJson
 * writes. An import writes its pages a round at a time, and a round of pages
 * in key order fills a few page groups where one in any other order touches
 * every group: 300,000 pages in the order they were made took 3.7 times as
 * long to import (decisions/0103). Files this code writes from other sources
 * (the CLI's import-file, a watched feed) are therefore written so.
 */
export function inKeyOrder(records: readonly ExportRecord[]): ExportRecord[] {
  const hashes = new Map(records.map((record) => [record, urlHash(record.url)]));
  return [...records].sort((a, b) => (hashes.get(a) as number) - (hashes.get(b) as number));
}

/** Chunks are gathered up to about this many characters so writers see few, reasonably sized pieces. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The export file as text chunks: a header line, one record per line, a
 * closing line. Records are written as given (callers pass validated ones).
 */
export async function* serializeExport(
  records: AsyncIterable<ExportRecord> | Iterable<ExportRecord>,
  exportedAt: Date,
): AsyncGenerator<string> {
  yield* exportFileOf(recordLines(records), exportedAt);
}

async function* recordLines(records: AsyncIterable<ExportRecord> | Iterable<ExportRecord>): AsyncGenerator<string> {
  for await (const record of records) yield serializeExportRecord(record);
}

/** The file's first line, up to the opening of the pages array. */
export function exportHeader(exportedAt: Date): string {
  return `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exportedAt":${JSON.stringify(exportedAt.toISOString())},"pages":[`;
}
/** What closes the pages array and the file. */
export const EXPORT_END = '\n]}\n';

/** serializeExport of records already serialised, a line each (serializeExportRecord). */
async function* exportFileOf(lines: AsyncIterable<string> | Iterable<string>, exportedAt: Date): AsyncGenerator<string> {
  let chunk = exportHeader(exportedAt);
  let separator = '\n';
  for await (const line of lines) {
    chunk += separator + line;
    separator = ',\n';
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + EXPORT_END;
}

/** The file as a whole is unusable: not JSON, truncated, not an export, or a version this code cannot read. */
export class ExportFormatError extends Error {
  override name = 'ExportFormatError';
  constructor(message: string, readonly line?: number) {
    super(message);
  }
}

/** One element of the pages array: a usable record, or why it is refused (index counts from 0). */
export type ParsedRecord = RecordCheck & { index: number };
/** One element of the pages array as the page it describes, or why it is refused. */
export type ParsedPage = PageCheck & { index: number };

function formatError(message: string, line: number): ExportFormatError {
  return new ExportFormatError(`Invalid export file: ${message} (line ${line})`, line);
}

/** Checks the header members; they must precede "pages" so records can be judged as they stream in. */
class HeaderCheck {
  private format = false;
  private version = false;
  private pages = false;

  onMember(key: string, value: unknown, line: number): void {
    if (key === 'format') {
      if (this.format) throw formatError('"format" appears twice', line);
      if (value !== EXPORT_FORMAT) throw formatError(`not a Déjà Lu history export: "format" is ${JSON.stringify(value)}, expected "${EXPORT_FORMAT}"`, line);
      this.format = true;
    } else if (key === 'version') {
      if (this.version) throw formatError('"version" appears twice', line);
      if (!READABLE_EXPORT_VERSIONS.includes(value as number)) {
        const newer = typeof value === 'number' && value > EXPORT_VERSION ? ' (written by a newer Déjà Lu)' : '';
        throw formatError(`unsupported version ${JSON.stringify(value)}${newer}; this version reads versions ${READABLE_EXPORT_VERSIONS.join(' and ')}`, line);
      }
      this.version = true;
    }
  }

  onPages(line: number): void {
    if (this.pages) throw formatError('"pages" appears twice', line);
    if (!this.format || !this.version) throw formatError('"format" and "version" must come before "pages"', line);
    this.pages = true;
  }

  onEnd(line: number): void {
    if (!this.format) throw formatError(`not a Déjà Lu history export: no "format" member`, line);
    if (!this.pages) throw formatError('no "pages" array', line);
  }
}

/** The failure both checks share: a record too long to be read at all. */
function oversized(index: number): Refusal & { index: number } {
  return { index, ok: false, reason: `record: longer than ${MAX_IMPORT_RECORD_CHARS} characters` };
}

/**
 * The elements of the file's pages array, checked by `check`, as one array
 * per chunk read. Throws ExportFormatError — possibly after some were
 * yielded — when the file as a whole is unusable.
 */
async function* parseElements<C extends RecordCheck | PageCheck>(
  input: string | Iterable<string> | AsyncIterable<string>,
  now: Date,
  check: (value: unknown, now: Date) => C,
): AsyncGenerator<((C | Refusal) & { index: number })[]> {
  const scanner = new StreamedObjectScanner('pages', MAX_IMPORT_RECORD_CHARS);
  const header = new HeaderCheck();
  let line = 1;
  const handle = (events: ScanEvent[]): ((C | Refusal) & { index: number })[] => {
    const checked: ((C | Refusal) & { index: number })[] = [];
    for (const event of events) {
      line = event.line;
      if (event.kind === 'member') {
        header.onMember(event.key, event.value, event.line);
        continue;
      }
      if (event.kind === 'arrayStart') {
        header.onPages(event.line);
        continue;
      }
      if (event.kind === 'oversized') checked.push(oversized(event.index));
      else checked.push({ index: event.index, ...check(event.value, now) });
    }
    return checked;
  };
  const chunks = typeof input === 'string' ? [input] : input;
  try {
    for await (const chunk of chunks) {
      yield handle(scanner.push(chunk));
    }
    yield handle(scanner.end());
  } catch (error) {
    if (error instanceof JsonScanError) throw new ExportFormatError(`Invalid export file: ${error.message}`, error.line);
    throw error;
  }
  header.onEnd(line);
}

/**
 * Reads an export file from text chunks split anywhere, yielding each page
 * record (validated, normalised) or the reason it is refused. Throws
 * ExportFormatError — possibly after some records were yielded — when the
 * file as a whole is unusable: the records before the damage come first.
 */
export async function* parseExport(
  input: string | Iterable<string> | AsyncIterable<string>,
  options: { now?: Date } = {},
): AsyncGenerator<ParsedRecord> {
  for await (const records of parseElements(input, options.now ?? new Date(), validateExportRecord)) yield* records;
}

/** What parseExport reads, as the pages the store keeps, an array per chunk read: what imports use. */
export function parseExportPages(
  input: string | Iterable<string> | AsyncIterable<string>,
  options: { now?: Date } = {},
): AsyncGenerator<ParsedPage[]> {
  return parseElements(input, options.now ?? new Date(), validateExportPage);
}
