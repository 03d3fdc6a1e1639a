/**
 * Builds src/core/script-fold/fold-data.ts from the pinned OpenCC dictionaries
 * in third_party/opencc: every Chinese character to one representative of its
 * Traditional/Simplified/variant class, and Taiwan vocabulary to the mainland
 * word, both in folded form (docs/decisions/0001-chinese-script-folding.md).
 *
 *   npm run build:script-fold                           # write
 *   npx tsx scripts/build-script-fold.ts --check        # exit 1 if out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { segmentitWords } from './build-segment-dictionary';

const DICTIONARY_DIR = join(import.meta.dirname, '../third_party/opencc');
export const TARGET = join(import.meta.dirname, '../src/core/script-fold/fold-data.ts');

/** Character dictionaries whose entries join characters into one class. */
const CHARACTER_FILES = ['TSCharacters.txt', 'STCharacters.txt', 'TWVariants.txt', 'HKVariants.txt'];

type Entries = [string, string[]][];

function readDictionary(file: string): Entries {
  return readFileSync(join(DICTIONARY_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [key = '', values = ''] = line.split('\t');
      return [key, values.split(' ').filter((v) => v !== '')];
    });
}

const isOneChar = (s: string): boolean => [...s].length === 1;
const byCodePoint = (a: string, b: string): number => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0);

/**
 * Each character to its class's representative. Classes are the connected
 * components of all four dictionaries (a repost may have gone through any
 * converter, in either direction). The representative is the member found in
 * the most words of the (Simplified) segmentit word list, then the one most
 * Traditional characters convert to, then the lowest code point: so Simplified
 * text almost always folds to itself, and the word list and stopwords still apply.
 */
export function characterClasses(): Map<string, string> {
  const classes = new Classes();
  for (const file of CHARACTER_FILES) {
    for (const [key, values] of readDictionary(file)) for (const v of values) if (isOneChar(key) && isOneChar(v)) classes.join(key, v);
  }
  const inWords = new Map<string, number>();
  for (const word of segmentitWords()) for (const c of new Set(word)) inWords.set(c, (inWords.get(c) ?? 0) + 1);
  const convertedTo = new Map<string, number>();
  for (const [, [target]] of readDictionary('TSCharacters.txt')) if (target !== undefined) convertedTo.set(target, (convertedTo.get(target) ?? 0) + 1);
  const compareRank = (a: string, b: string): number =>
    (inWords.get(b) ?? 0) - (inWords.get(a) ?? 0) || (convertedTo.get(b) ?? 0) - (convertedTo.get(a) ?? 0) || byCodePoint(a, b);
  const fold = new Map<string, string>();
  for (const group of classes.classes()) {
    const [rep = ''] = [...group].sort(compareRank);
    for (const c of group) if (c !== rep) fold.set(c, rep);
  }
  return fold;
}

const foldChars = (text: string, chars: Map<string, string>): string => [...text].map((c) => chars.get(c) ?? c).join('');

/** Union-find over strings; `classes()` lists each class's members. */
class Classes {
  private readonly parent = new Map<string, string>();
  private find(x: string): string {
    let root = x;
    while (this.parent.get(root) !== root) root = this.parent.get(root) ?? root;
    this.parent.set(x, root);
    return root;
  }
  join(a: string, b: string): void {
    for (const x of [a, b]) if (!this.parent.has(x)) this.parent.set(x, x);
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
  classes(): string[][] {
    const members = new Map<string, string[]>();
    for (const x of this.parent.keys()) {
      const root = this.find(x);
      members.set(root, [...(members.get(root) ?? []), x]);
    }
    return [...members.values()];
  }
}

/**
 * Taiwan and mainland words for one thing, character-folded, each to one
 * representative. Classes, not a one-way map: the same written word can mean
 * different things on each side (文件 is a file on the mainland, a document in
 * Taiwan), and a class holds the whole chain. The representative is a word of
 * the segmentit list when there is one, then the shortest, then the first in
 * code-unit order.
 */
export function phraseFolds(chars: Map<string, string>): Map<string, string> {
  const words = new Set(segmentitWords());
  const fold = (s: string): string => foldChars(s.normalize('NFKC').toLowerCase(), chars);
  const classes = new Classes();
  for (const [mainland, taiwan] of readDictionary('TWPhrases.txt')) for (const tw of taiwan) classes.join(fold(tw), fold(mainland));
  for (const [taiwan, mainland] of readDictionary('TWPhrasesRev.txt')) for (const word of mainland) classes.join(fold(taiwan), fold(word));
  const phrases = new Map<string, string>();
  for (const group of classes.classes()) {
    const [rep = ''] = [...group].sort((a, b) => Number(words.has(b)) - Number(words.has(a)) || a.length - b.length || (a < b ? -1 : 1));
    for (const word of group) if (word !== rep && word.length >= 2) phrases.set(word, rep);
  }
  return phrases;
}

/** The TypeScript module holding both tables as parallel strings. */
export function generate(): string {
  const chars = characterClasses();
  const sortedChars = [...chars.keys()].sort(byCodePoint);
  const phrases = phraseFolds(chars);
  const sortedPhrases = [...phrases.keys()].sort();
  const literal = (s: string): string => JSON.stringify(s);
  return [
    '// GENERATED by scripts/build-script-fold.ts from third_party/opencc (OpenCC 1.4.2, Apache-2.0). Do not edit: regenerate.',
    '',
    `/** ${sortedChars.length} characters, each folded to the character at the same position of FOLD_CHARS_TO. */`,
    `export const FOLD_CHARS_FROM = ${literal(sortedChars.join(''))};`,
    `export const FOLD_CHARS_TO = ${literal(sortedChars.map((c) => chars.get(c)).join(''))};`,
    `/** ${sortedPhrases.length} Taiwan words (character-folded), '|'-separated, each folded to the mainland word at the same position of FOLD_PHRASES_TO. */`,
    `export const FOLD_PHRASES_FROM = ${literal(sortedPhrases.join('|'))};`,
    `export const FOLD_PHRASES_TO = ${literal(sortedPhrases.map((p) => phrases.get(p)).join('|'))};`,
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const text = generate();
  if (process.argv.includes('--check')) {
    if (readFileSync(TARGET, 'utf8') !== text) {
      console.error(`${TARGET} is out of date: npm run build:script-fold`);
      process.exit(1);
    }
  } else {
    writeFileSync(TARGET, text);
    console.log(`wrote ${TARGET}`);
  }
}
