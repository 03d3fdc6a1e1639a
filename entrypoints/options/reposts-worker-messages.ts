import type { VerdictOptions } from '../../src/core';
import type { RepostGroup, RepostsProgress } from '../../src/reposts';

/** What the Reposts tab asks its worker: the user's k and minimum length. */
export type RepostsRequest = Required<VerdictOptions>;

/** What the worker answers: progress while it works, then the groups or why it failed. */
export type RepostsReply =
  | { type: 'progress'; progress: RepostsProgress }
  | { type: 'done'; groups: RepostGroup[] }
  | { type: 'failed'; message: string };
