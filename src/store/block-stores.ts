/** Names of the four block stores, block n holding bits 63−16n … 48−16n of each fingerprint. */
export const BLOCK_STORES = ['block0', 'block1', 'block2', 'block3'] as const;
export type BlockStoreName = (typeof BLOCK_STORES)[number];
