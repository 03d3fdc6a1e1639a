import { join } from 'node:path';
import { CURRENT_SAMPLE_SIZE } from '../../../src/core/scheme';
import { round } from '../../lib/stats';
import { callSw, corpusForStore, EXT, FILL_BATCH, launch, progress, serviceWorker, settledDiskSize } from './common';

/**
 * Marginal bytes per page with every page holding exactly `passages` passages
 * (0, and CURRENT_SAMPLE_SIZE, the worst case), each count in a
 * browser profile of its own: storage.estimate() counts the whole origin, and
 * a large database compacting meanwhile would be counted against these pages.
 */
export async function bytesByPassageCount(quick: boolean, profileBase: string, extensionId: string) {
  const corpus = corpusForStore();
  const [from, to] = quick ? [10_000, 30_000] : [20_000, 60_000];
  const rows = [];
  for (const passages of [0, CURRENT_SAMPLE_SIZE]) {
    const context = await launch(EXT, `${profileBase}-passages-${passages}`);
    try {
      const sw = await serviceWorker(context);
      await callSw(sw, 'setup', { ...corpus, passageCounts: [passages] });
      const idbDir = join(`${profileBase}-passages-${passages}`, 'Default/IndexedDB', `chrome-extension_${extensionId}_0.indexeddb.leveldb`);
      await callSw(sw, 'fillTo', from, FILL_BATCH);
      const before = await settledDiskSize(sw, idbDir);
      const fill = await callSw<{ textBytesPerPage: number }>(sw, 'fillTo', to, FILL_BATCH);
      const after = await settledDiskSize(sw, idbDir);
      const total = round((after - before) / (to - from), 0);
      rows.push({ passages, from, to, total, beyondText: round(total - fill.textBytesPerPage, 0) });
      progress(`${passages} passages per page: ${total} B/page`);
    } finally {
      await context.close();
    }
  }
  const [none, most] = [rows[0]!, rows[rows.length - 1]!];
  return {
    rows,
    base: none.beyondText,
    perFingerprint: round((most.beyondText - none.beyondText) / (most.passages - none.passages), 1),
    method: `Bytes per page as a function of the passage count: the same synthetic pages with exactly that many passages, each count in a fresh browser profile, ` +
      `growth of the settled LevelDB directory (connection closed, unchanged for 6 s) between the two sizes per page added (marginal, so fixed costs cancel out).`,
  };
}
