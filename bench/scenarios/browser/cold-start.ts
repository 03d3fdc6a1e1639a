import type { BrowserContext, Worker } from 'playwright-core';
import { chineseDocs } from '../../lib/data';
import { roundSummary, summarize } from '../../lib/stats';
import { callSw } from './common';

/** Stops the worker (CDP), wakes it with a message from an extension page, fingerprints one Chinese page twice. */
export async function coldStartInWorker(context: BrowserContext, sw: Worker, extensionId: string, runs: number) {
  const docs = chineseDocs().filter((d) => d.script === 'Hans');
  const page = [...docs].sort((a, b) => a.chars - b.chars)[Math.floor(docs.length / 2)]!.text;
  const tab = await context.newPage();
  await tab.goto(`chrome-extension://${extensionId}/bench.html`);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('ServiceWorker.enable');
  let running = true;
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: { runningStatus: string; scriptURL: string }[] }) => {
    for (const v of e.versions) if (v.scriptURL.endsWith('/bench-sw.js')) running = v.runningStatus !== 'stopped';
  });
  const samples: { firstMs: number; warmMs: number; startupMs: number; wakeMs: number; backgroundEvalMs: number; harnessEvalMs: number; messageToReadyMs: number }[] = [];
  for (let r = 0; r < runs; r++) {
    await cdp.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + 15_000;
    while (running && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    if (running) throw new Error('service worker did not stop');
    await new Promise((res) => setTimeout(res, 200));
    // Wake it as a content script would: a runtime message.
    const reply = await tab.evaluate(async () => {
      const t0 = performance.now();
      const answer = await (globalThis as never as { chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }).chrome.runtime.sendMessage({ benchWake: true });
      return { answer, ms: performance.now() - t0 };
    });
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/bench-sw.js')) ?? sw;
    const res = await callSw<{ firstMs: number; warmMs: number; times: Record<string, number> }>(worker, 'coldChinese', page);
    const t = res.times;
    samples.push({
      firstMs: res.firstMs,
      warmMs: res.warmMs,
      startupMs: res.firstMs - res.warmMs,
      wakeMs: t.harness ?? NaN,
      backgroundEvalMs: (t.background ?? NaN) - (t.start ?? NaN),
      harnessEvalMs: (t.harness ?? NaN) - (t.background ?? NaN),
      messageToReadyMs: reply.ms,
    });
  }
  await tab.close();
  const pick = (k: keyof (typeof samples)[number]) => roundSummary(summarize(samples.map((s) => s[k])), 1);
  return {
    runs, pageChars: page.length,
    firstMs: pick('firstMs'), warmMs: pick('warmMs'), startupMs: pick('startupMs'),
    wakeMs: pick('wakeMs'), backgroundEvalMs: pick('backgroundEvalMs'), harnessEvalMs: pick('harnessEvalMs'), messageToReadyMs: pick('messageToReadyMs'),
  };
}
