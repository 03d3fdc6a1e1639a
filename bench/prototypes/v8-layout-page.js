/*
 * In-page half of bench/prototypes/v8-layout.ts (plain JavaScript: the page
 * runs it as it is). A prototype of a grouped history layout, NOT the store:
 * pages in groups by key prefix, the block index filed once at the end from
 * runs spilled during the import, then look-ups on the settled database.
 */
const request = (r) => new Promise((resolve, reject) => {
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
});
const finished = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error);
  tx.onabort = () => reject(tx.error);
});

function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

/** Passage counts drawn per page: the practice set's mean is 33.3. */
const PASSAGE_COUNTS = [20, 30, 33, 40, 45, 25, 38, 35];
/** Page keys: 24-bit URL hash × 16 slots, as codec/page-key.ts. */
const KEY_BITS = 28;
/** Bucket key bits per block store today (codec/bucket.ts): block0 16, block1–3 12. */
const BUCKET_BITS = [16, 12, 12, 12];
/** Runs are spilled per range of bucket keys: what one merge step holds. */
const RANGES = 64;

/** Fingerprints of page i (hi, lo pairs): the whole document, then its passages. */
function fingerprintsOf(i) {
  const next = rng(0x9e3779b9 ^ Math.imul(i + 1, 0x85ebca6b));
  const n = 1 + PASSAGE_COUNTS[i % PASSAGE_COUNTS.length];
  const fps = new Uint32Array(2 * n);
  for (let k = 0; k < 2 * n; k++) fps[k] = next();
  return fps;
}

/** A page shaped as the store keeps it (url, title, excerpt, last visit, packed numbers and fingerprints). */
function pageOf(i) {
  const fps = fingerprintsOf(i);
  const d = new Uint8Array(1 + fps.length * 4 + 12);
  const view = new DataView(d.buffer);
  d[0] = fps.length / 2;
  for (let k = 0; k < fps.length; k++) view.setUint32(1 + 4 * k, fps[k]);
  d.fill(7, 1 + fps.length * 4);
  return {
    u: `https://news${i % 997}.example.com/2025/articles/${i}-a-title-of-an-article-about-things`,
    t: `A title of an article about things number ${i % 500} and some more words`,
    e: `An excerpt of the first two hundred characters of the article ${i % 500}. `.repeat(3),
    v: 1.7e12 + i * 60000,
    d,
  };
}

/** Sorted distinct random page keys. */
function pageKeys(count) {
  const next = rng(12345);
  const seen = new Set();
  while (seen.size < count) seen.add(next() >>> (32 - KEY_BITS));
  return Uint32Array.from(seen).sort();
}

/** A group's pages as one record, column by column: one byte array for all their packed fields. */
function groupRecord(keys, pages) {
  const at = new Uint32Array(pages.length + 1);
  for (let i = 0; i < pages.length; i++) at[i + 1] = at[i] + pages[i].d.byteLength;
  const d = new Uint8Array(at[pages.length]);
  pages.forEach((page, i) => d.set(page.d, at[i]));
  return { k: keys, u: pages.map((p) => p.u), t: pages.map((p) => p.t), e: pages.map((p) => p.e), v: pages.map((p) => p.v), o: pages.map(() => 6), d, at };
}

const blockOf = (hi, lo, b) => (b === 0 ? hi >>> 16 : b === 1 ? hi & 0xffff : b === 2 ? lo >>> 16 : lo & 0xffff);

/** Entries of one store gathered in typed arrays: bucket key, then an 8-byte entry (page key, two other blocks). */
class EntryLog {
  constructor() { this.n = 0; this.keys = new Uint32Array(1 << 16); this.words = new Uint32Array(1 << 17); }
  push(bucket, pageKey, other) {
    if (this.n === this.keys.length) {
      const keys = new Uint32Array(this.n * 2); keys.set(this.keys); this.keys = keys;
      const words = new Uint32Array(this.n * 4); words.set(this.words); this.words = words;
    }
    this.keys[this.n] = bucket; this.words[2 * this.n] = pageKey; this.words[2 * this.n + 1] = other; this.n++;
  }
}

async function openDb(name, visitIndex = false) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => {
      const db = open.result;
      const groups = db.createObjectStore('groups');
      if (visitIndex) {
        groups.createIndex('lastVisit', 'v', { multiEntry: true });
        groups.createIndex('scheme', 'o', { multiEntry: true });
      }
      db.createObjectStore('runs');
      for (let b = 0; b < 4; b++) db.createObjectStore(`block${b}`);
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/**
 * The import: pages in key order written as groups (key >>> groupShift),
 * `perTx` groups a transaction; their bucket entries spilled every
 * `spillPages` pages as one record per store and key range; then the runs
 * merged into buckets, a range at a time. block0 is keyed by its top
 * `block0Bits` bits (16 today; 12 makes fewer, larger records).
 */
window.importPrototype = async ({ name, pages, groupShift, perTx, spillPages, block0Bits, visitIndex }) => {
  const bits = [block0Bits, ...BUCKET_BITS.slice(1)];
  const keys = pageKeys(pages);
  const db = await openDb(name, visitIndex);
  const times = {};
  const t0 = performance.now();
  let logs = [0, 1, 2, 3].map(() => new EntryLog());
  let run = 0;
  let records = 0;
  const spill = async () => {
    const tx = db.transaction('runs', 'readwrite');
    for (let b = 0; b < 4; b++) {
      const log = logs[b];
      const rangeBits = bits[b] - Math.log2(RANGES);
      const counts = new Uint32Array(RANGES + 1);
      for (let i = 0; i < log.n; i++) counts[(log.keys[i] >>> rangeBits) + 1]++;
      for (let r = 1; r <= RANGES; r++) counts[r] += counts[r - 1];
      const next = counts.slice(0, RANGES);
      const keysOut = new Uint32Array(log.n);
      const wordsOut = new Uint32Array(2 * log.n);
      for (let i = 0; i < log.n; i++) {
        const slot = next[log.keys[i] >>> rangeBits]++;
        keysOut[slot] = log.keys[i]; wordsOut[2 * slot] = log.words[2 * i]; wordsOut[2 * slot + 1] = log.words[2 * i + 1];
      }
      for (let r = 0; r < RANGES; r++) {
        tx.objectStore('runs').put({ k: keysOut.slice(counts[r], counts[r + 1]), w: wordsOut.slice(2 * counts[r], 2 * counts[r + 1]) }, (b * RANGES + r) * 1024 + run);
        records++;
      }
    }
    run++;
    logs = [0, 1, 2, 3].map(() => new EntryLog());
    await finished(tx);
  };
  let tx = null;
  let inTx = 0;
  let spilledAt = 0;
  for (let start = 0; start < keys.length;) {
    const group = keys[start] >>> groupShift;
    let end = start;
    while (end < keys.length && keys[end] >>> groupShift === group) end++;
    const members = [];
    for (let i = start; i < end; i++) {
      const page = pageOf(i);
      members.push(page);
      const view = new DataView(page.d.buffer);
      const n = page.d[0];
      for (let f = 0; f < n; f++) {
        const hi = view.getUint32(1 + 8 * f);
        const lo = view.getUint32(5 + 8 * f);
        for (let b = 0; b < (f === 0 ? 4 : 1); b++) {
          const block = blockOf(hi, lo, b);
          logs[b].push(block >>> (16 - bits[b]), keys[i], (blockOf(hi, lo, (b + 1) % 4) << 16 | blockOf(hi, lo, (b + 2) % 4)) >>> 0);
        }
      }
    }
    if (tx === null) tx = db.transaction('groups', 'readwrite');
    tx.objectStore('groups').put(groupRecord(keys.slice(start, end), members), group);
    records++;
    start = end;
    if (++inTx === perTx || start === keys.length) {
      await finished(tx);
      tx = null;
      inTx = 0;
    }
    if (start - spilledAt >= spillPages || start === keys.length) {
      if (tx !== null) { await finished(tx); tx = null; inTx = 0; }
      await spill();
      spilledAt = start;
    }
  }
  times.pagesAndRuns = performance.now() - t0;
  const t1 = performance.now();
  for (let b = 0; b < 4; b++) {
    const rangeBits = bits[b] - Math.log2(RANGES);
    for (let r = 0; r < RANGES; r++) {
      const read = db.transaction('runs', 'readonly');
      const runs = await request(read.objectStore('runs').getAll(IDBKeyRange.bound((b * RANGES + r) * 1024, (b * RANGES + r) * 1024 + 1023)));
      let n = 0;
      for (const one of runs) n += one.k.length;
      const first = r << rangeBits;
      const width = 1 << rangeBits;
      const counts = new Uint32Array(width + 1);
      for (const one of runs) for (let i = 0; i < one.k.length; i++) counts[one.k[i] - first + 1]++;
      for (let k = 1; k <= width; k++) counts[k] += counts[k - 1];
      const next = counts.slice(0, width);
      const bytes = new Uint8Array(8 * n);
      const view = new DataView(bytes.buffer);
      for (const one of runs) for (let i = 0; i < one.k.length; i++) {
        const slot = next[one.k[i] - first]++;
        view.setUint32(8 * slot, one.w[2 * i]); view.setUint32(8 * slot + 4, one.w[2 * i + 1]);
      }
      const write = db.transaction([`block${b}`, 'runs'], 'readwrite');
      for (let k = 0; k < width; k++) if (counts[k + 1] > counts[k]) { write.objectStore(`block${b}`).put(bytes.slice(8 * counts[k], 8 * counts[k + 1]), first + k); records++; }
      write.objectStore('runs').delete(IDBKeyRange.bound((b * RANGES + r) * 1024, (b * RANGES + r) * 1024 + 1023));
      await finished(write);
    }
  }
  times.merge = performance.now() - t1;
  times.total = performance.now() - t0;
  db.close();
  return { times, records, groups: new Set(Array.from(keys, (k) => k >>> groupShift)).size };
};

/** Page keys whose bucket entry of block `b` matches the query within distance k (the other two blocks checked, as History.query). */
function scan(bytes, b, fp, k) {
  const out = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o1 = blockOf(fp[0], fp[1], (b + 1) % 4);
  const o2 = blockOf(fp[0], fp[1], (b + 2) % 4);
  for (let at = 0; at < bytes.byteLength; at += 8) {
    const other = view.getUint32(at + 4);
    const d = popcount(((other >>> 16) ^ o1) & 0xffff) + popcount((other & 0xffff) ^ o2);
    if (d <= k) out.push(view.getUint32(at));
  }
  return out;
}
function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Look-ups on the settled database: `queries` whole fingerprints (half of a
 * stored page with 2 bits flipped, half random) read under all four blocks,
 * then each candidate's group; and `manyQueries` pages' whole fingerprint and
 * passages (block0 only for passages), as queryMany. Times in ms.
 */
window.lookupPrototype = async ({ name, pages, groupShift, block0Bits, queries, manyQueries }) => {
  const bits = [block0Bits, ...BUCKET_BITS.slice(1)];
  const keys = pageKeys(pages);
  const db = await openDb(name);
  const next = rng(777);
  const readBucket = (tx, b, block) => request(tx.objectStore(`block${b}`).get(block >>> (16 - bits[b])));
  const candidatesOf = async (tx, fps) => {
    const found = new Set();
    await Promise.all(fps.map(async ([hi, lo], f) => {
      for (let b = 0; b < (f === 0 ? 4 : 1); b++) {
        const bytes = await readBucket(tx, b, blockOf(hi, lo, b));
        if (bytes) for (const key of scan(bytes, b, [hi, lo], 3)) found.add(key);
      }
    }));
    return found;
  };
  const readPages = (tx, found) => Promise.all([...new Set([...found].map((key) => key >>> groupShift))].map((g) => request(tx.objectStore('groups').get(g))));
  const one = [];
  const groupsRead = [];
  for (let q = 0; q < queries; q++) {
    const i = next() % pages;
    const fps = fingerprintsOf(i);
    const fp = q % 2 === 0 ? [fps[0] ^ 0x00100000, fps[1] ^ 0x00000400] : [next(), next()];
    const t = performance.now();
    const tx = db.transaction(['block0', 'block1', 'block2', 'block3', 'groups'], 'readonly');
    const found = await candidatesOf(tx, [fp]);
    const groups = await readPages(tx, found);
    one.push(performance.now() - t);
    groupsRead.push(groups.length);
  }
  const many = [];
  for (let q = 0; q < manyQueries; q++) {
    const i = next() % pages;
    const fps = fingerprintsOf(i);
    const list = [];
    for (let f = 0; f < fps.length / 2; f++) list.push([fps[2 * f] ^ (f === 0 ? 0x3 : 0), fps[2 * f + 1]]);
    const t = performance.now();
    const tx = db.transaction(['block0', 'block1', 'block2', 'block3', 'groups'], 'readonly');
    const found = await candidatesOf(tx, list);
    await readPages(tx, found);
    many.push(performance.now() - t);
  }
  // A visit: the page's group read and written back with one field changed.
  const visits = [];
  for (let q = 0; q < 100; q++) {
    const key = keys[next() % pages];
    const t = performance.now();
    const tx = db.transaction('groups', 'readwrite');
    const group = await request(tx.objectStore('groups').get(key >>> groupShift));
    const at = group.k.indexOf(key);
    group.v[at] = Date.now();
    tx.objectStore('groups').put(group, key >>> groupShift);
    await finished(tx);
    visits.push(performance.now() - t);
  }
  // The history page's first screen: the 50 most recently read pages, by the lastVisit index when there is one.
  const lists = [];
  if (db.transaction('groups').objectStore('groups').indexNames.contains('lastVisit')) {
    for (let q = 0; q < 20; q++) {
      const t = performance.now();
      const tx = db.transaction('groups', 'readonly');
      const index = tx.objectStore('groups').index('lastVisit');
      const wanted = [];
      await new Promise((resolve, reject) => {
        const cursorRequest = index.openKeyCursor(null, 'prev');
        let skipped = q === 0 ? 0 : q * 1000;
        cursorRequest.onsuccess = () => {
          const cursor = cursorRequest.result;
          if (cursor === null || wanted.length === 50) return resolve();
          if (skipped > 0) { const n = skipped; skipped = 0; cursor.advance(n); return; }
          wanted.push([cursor.key, cursor.primaryKey]);
          cursor.continue();
        };
        cursorRequest.onerror = () => reject(cursorRequest.error);
      });
      const groups = new Map();
      await Promise.all([...new Set(wanted.map(([, g]) => g))].map(async (g) => groups.set(g, await request(tx.objectStore('groups').get(g)))));
      const titles = wanted.map(([v, g]) => { const group = groups.get(g); return group.t[group.v.indexOf(v)]; });
      if (titles.length !== 50) throw new Error('list came short');
      lists.push(performance.now() - t);
    }
  }
  db.close();
  return { one, many, visits, lists, groupsPerQuery: groupsRead.reduce((a, b) => a + b, 0) / groupsRead.length };
};
