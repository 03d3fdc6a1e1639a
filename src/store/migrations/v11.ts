/**
 * Version 10 → 11: the first word of a block0 entry keeps, above the page
 * key, a tag of the filed fingerprint's seventh byte (codec/bucket.ts
 * entryTag, docs/decisions/0077-block0-entry-tags.md). Entries filed before
 * hold 0 there, which reads as "no tag", so nothing is rewritten: they get
 * their tag when their page's fingerprints change (a visit or an import
 * that brings other ones; unchanged pages keep their entries). The version
 * marks the bits' new meaning, so that a build from before it, which reads
 * the whole word as the page key, cannot open a history holding tagged
 * entries. Frozen (v1.ts).
 */
export function upgradeToV11(): void {
  // Nothing to move: an untagged entry reads as it did.
}
