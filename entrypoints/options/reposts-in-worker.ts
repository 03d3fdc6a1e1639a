import type { RepostGroup, RepostsProgress } from '../../src/reposts';
import type { RepostsReply, RepostsRequest } from './reposts-worker-messages';

/**
 * The reposts found by a worker of its own (reposts-worker.ts), which reads the
 * history and compares its pages while the page stays responsive: comparing
 * 100,000 pages holds a thread for about a second (docs/decisions/0022-reposts-computed-not-stored.md).
 */
export function findRepostsInWorker(options: RepostsRequest, progress: (state: RepostsProgress) => void): Promise<RepostGroup[]> {
  const worker = new Worker(new URL('./reposts-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<RepostGroup[]>((resolve, reject) => {
    worker.addEventListener('message', ({ data }: MessageEvent<RepostsReply>) => {
      if (data.type === 'progress') return progress(data.progress);
      worker.terminate();
      if (data.type === 'done') resolve(data.groups);
      else reject(new Error(data.message));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message));
    });
    worker.postMessage(options);
  });
}
