import { browser } from 'wxt/browser';
import { ChineseLexiconUnavailable, unpackDictionary, type ChineseLexicon, type FeatureDeps } from '../core';

/** Where the build puts public/zh-dictionary.bin (scripts/build-segment-dictionary.ts). */
export const DICTIONARY_PATH = '/zh-dictionary.bin';

/**
 * The dictionary is let go after this long without a page that needs it:
 * loading it again takes one read of a 1.6 MB file of the extension and
 * about 2 ms of unpacking, too little to keep 2 MB for between bursts of
 * Chinese reading.
 */
export const DICTIONARY_IDLE_MS = 60_000;

export interface ChineseDictionaryDeps {
  /** The packed dictionary's bytes (default: fetched from the extension's own files). */
  fetchBytes?: () => Promise<Uint8Array>;
  idleMs?: number;
  setTimer?: (release: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

async function fetchDictionary(): Promise<Uint8Array> {
  const response = await fetch(browser.runtime.getURL(DICTIONARY_PATH));
  if (!response.ok) throw new Error(`the Chinese dictionary could not be read (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The Chinese dictionary of the background: not loaded until a text needs it
 * (most pages have no Han text, and the engine only asks for the dictionary
 * at the first Han run), then kept until DICTIONARY_IDLE_MS pass without a
 * text that uses it.
 */
export class ChineseDictionary {
  private lexicon: ChineseLexicon | undefined;
  private loading: Promise<void> | undefined;
  private timer: unknown;
  /** Times a run took the dictionary: how `use` tells the runs that needed it. */
  private uses = 0;
  private readonly fetchBytes: () => Promise<Uint8Array>;
  private readonly idleMs: number;
  private readonly setTimer: (release: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  /** The engine's dependencies: the held dictionary, or ChineseLexiconUnavailable when it is not held. */
  readonly deps: FeatureDeps = {
    dictionary: () => this.held().dictionary,
    chineseStopwords: () => this.held().stopwords,
  };

  constructor({
    fetchBytes = fetchDictionary,
    idleMs = DICTIONARY_IDLE_MS,
    setTimer = (release, ms) => setTimeout(release, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  }: ChineseDictionaryDeps = {}) {
    this.fetchBytes = fetchBytes;
    this.idleMs = idleMs;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
  }

  /** Whether the dictionary is in memory now. */
  get loaded(): boolean {
    return this.lexicon !== undefined;
  }

  /**
   * `run(deps)`; when the text turns out to need the dictionary and it is not
   * held, the run stops at the first Han text, the dictionary is loaded and
   * `run` starts again (a text is signed whole or not at all, so nothing
   * of the first attempt is kept). A run that used the dictionary starts the
   * idle period again.
   */
  async use<T>(run: (deps: FeatureDeps) => T): Promise<T> {
    const before = this.uses;
    try {
      return run(this.deps);
    } catch (error) {
      if (!(error instanceof ChineseLexiconUnavailable)) throw error;
      await this.load();
      return run(this.deps);
    } finally {
      if (this.uses !== before && this.lexicon) this.keepFor(this.idleMs);
    }
  }

  private held(): ChineseLexicon {
    if (!this.lexicon) throw new ChineseLexiconUnavailable();
    this.uses++;
    return this.lexicon;
  }

  private load(): Promise<void> {
    this.loading ??= this.fetchBytes()
      .then((bytes) => {
        this.lexicon = unpackDictionary(bytes);
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  private keepFor(ms: number): void {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      this.lexicon = undefined;
    }, ms);
  }
}
