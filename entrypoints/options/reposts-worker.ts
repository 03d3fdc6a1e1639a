import { findReposts } from '../../src/reposts';
import { openHistory } from '../../src/store';
import type { RepostsReply, RepostsRequest } from './reposts-worker-messages';

/** The worker's global scope, as far as this script uses it (the project's TypeScript library is the DOM's). */
const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<RepostsRequest>) => void): void;
  postMessage(reply: RepostsReply): void;
};

/** Finds the reposts off the page's thread: opens the history itself, posts progress, then the groups. */
scope.addEventListener('message', async ({ data }) => {
  try {
    const history = await openHistory();
    try {
      const groups = await findReposts(history, data, (progress) => scope.postMessage({ type: 'progress', progress }));
      scope.postMessage({ type: 'done', groups });
    } finally {
      history.close();
    }
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
