/**
 * Regional editions of one English article (issue 15): each English practice
 * original rewritten in British spelling and vocabulary, and the same with a
 * light rewording on top (half the words SYNONYMS lists swapped, as an editor
 * adapting a wire story would; the share of words changed is reported). Our own generator: spelling rules and word
 * lists written here, not the practice set's edits. Measures how often
 * `judge` calls the edition a duplicate of the original (read first).
 */
import { judge, signCheckedDocument, signDocument } from '../src/core';
import { seededRandom } from '../bench/lib/seeded-random';
import { docText, type Dataset } from './data';
import { halfOf, type Half } from './score';

/** Whole words US → UK: vocabulary and spellings no suffix rule covers. */
const US_TO_UK: ReadonlyMap<string, string> = new Map(Object.entries({
  apartment: 'flat', apartments: 'flats', elevator: 'lift', elevators: 'lifts', truck: 'lorry', trucks: 'lorries',
  vacation: 'holiday', vacations: 'holidays', fall: 'autumn', gas: 'petrol', sidewalk: 'pavement', cookie: 'biscuit',
  cookies: 'biscuits', soccer: 'football', movie: 'film', movies: 'films', fries: 'chips', subway: 'underground',
  gray: 'grey', tire: 'tyre', tires: 'tyres', program: 'programme', programs: 'programmes', aluminum: 'aluminium',
  mom: 'mum', math: 'maths', check: 'cheque', jewelry: 'jewellery', pajamas: 'pyjamas', plow: 'plough', mold: 'mould',
  catalog: 'catalogue', dialog: 'dialogue', analog: 'analogue', defense: 'defence', offense: 'offence', license: 'licence',
  center: 'centre', centers: 'centres', theater: 'theatre', theaters: 'theatres', meter: 'metre', meters: 'metres',
  fiber: 'fibre', liter: 'litre', traveling: 'travelling', traveled: 'travelled', traveler: 'traveller', canceled: 'cancelled',
  canceling: 'cancelling', labeled: 'labelled', modeling: 'modelling', fulfill: 'fulfil', enroll: 'enrol', skeptical: 'sceptical',
}));

/** -or words that take -our in British spelling (color → colour), with their inflections. */
const OUR_STEMS = ['col', 'fav', 'behavi', 'hon', 'lab', 'neighb', 'hum', 'harb', 'rum', 'vap', 'vig', 'flav', 'arm', 'endeav', 'savi'];

/** Light rewording on top of the spelling: each listed word swapped with probability REWORD_SHARE. */
const SYNONYMS: ReadonlyMap<string, string> = new Map(Object.entries({
  big: 'large', large: 'big', small: 'little', quickly: 'rapidly', start: 'begin', started: 'began', help: 'assist',
  show: 'demonstrate', shows: 'demonstrates', use: 'employ', used: 'employed', get: 'obtain', buy: 'purchase', end: 'finish',
  important: 'significant', often: 'frequently', about: 'around', said: 'stated', says: 'states', but: 'however',
  also: 'additionally', many: 'numerous', very: 'extremely', new: 'fresh', make: 'create', made: 'created', need: 'require',
  needs: 'requires', try: 'attempt', enough: 'sufficient', whole: 'entire', hard: 'difficult', easy: 'simple',
}));
const REWORD_SHARE = 0.5;

export type EditionKind = 'british spelling' | 'british + reworded';

export interface EditionResult {
  kind: EditionKind;
  /** Share of words the edition changed, averaged. */
  changedWords: number;
  editions: Record<Half, number>;
  duplicate: Record<Half, number>;
}

function matchCase(original: string, replacement: string): string {
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  if (original[0] === original[0]?.toUpperCase()) return (replacement[0]?.toUpperCase() ?? '') + replacement.slice(1);
  return replacement;
}

/** British spelling of one word (lower-case lookups, case kept). */
export function britishWord(word: string): string {
  const lower = word.toLowerCase();
  const listed = US_TO_UK.get(lower);
  if (listed !== undefined) return matchCase(word, listed);
  const our = OUR_STEMS.find((stem) => new RegExp(`^${stem}or(s|ed|ing|ful|ite|ites|able)?$`).test(lower));
  if (our !== undefined) return matchCase(word, lower.replace(`${our}or`, `${our}our`));
  // -ize/-yze and their forms, but not size, seize, prize, citizen.
  if (/^[a-z]{4,}(?:i|y)z(?:e|es|ed|ing|ation|ations|er|ers)$/.test(lower) && !/^(?:seiz|siz|priz|capsiz|citiz)/.test(lower)) {
    return matchCase(word, lower.replace(/([iy])z(?=e|es|ed|ing|ation|ations|er|ers$)/, '$1s'));
  }
  return word;
}

/** The text with every word in British spelling and, when `reword`, listed words swapped for a synonym at REWORD_SHARE. */
export function britishEdition(text: string, reword: boolean, seed: number): { text: string; changed: number; words: number } {
  const next = seededRandom(seed);
  let changed = 0;
  let words = 0;
  const out = text.replace(/[A-Za-z]+/g, (word) => {
    words++;
    let edited = britishWord(word);
    const synonym = SYNONYMS.get(edited.toLowerCase());
    if (reword && synonym !== undefined && next() < REWORD_SHARE) edited = matchCase(edited, synonym);
    if (edited !== word) changed++;
    return edited;
  });
  return { text: out, changed, words };
}

export function regionalEditions(ds: Dataset): EditionResult[] {
  const docs = ds.docs.filter((d) => d.role === 'orig' && d.lang === 'en');
  return (['british spelling', 'british + reworded'] as const).map((kind) => {
    const result: EditionResult = { kind, changedWords: 0, editions: { fit: 0, held: 0 }, duplicate: { fit: 0, held: 0 } };
    let share = 0;
    docs.forEach((doc, i) => {
      const text = docText(ds, doc.id);
      const edition = britishEdition(text, kind === 'british + reworded', i + 1);
      const half = halfOf(doc.base);
      result.editions[half]++;
      share += edition.changed / Math.max(1, edition.words);
      if (judge(signDocument(text), signCheckedDocument(edition.text)).verdict === 'duplicate') result.duplicate[half]++;
    });
    result.changedWords = share / Math.max(1, docs.length);
    return result;
  });
}
