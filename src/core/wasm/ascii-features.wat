;; The ASCII half of documentFeatures (features.ts) in WebAssembly: the
;; tokeniser's fast path over ASCII stretches (tokenize.ts scanTokens), the
;; single-letter rule (features.ts), the 64-bit feature hash (feature-hash.ts:
;; two MurmurHash3 lanes over UTF-16 code units, here bytes zero-extended —
;; the same units for ASCII), and FeatureTable's hash-keyed table with the
;; Latin stopword check (feature-table.ts). ascii-feature-engine.ts drives it
;; and hands everything else (non-ASCII text, CJK features) to `add`, so one
;; table holds the whole document's features in stream order.
;;
;; Why WebAssembly: on JavaScript strings every character read costs a
;; charCodeAt, and the word loop, the hash and the table each paid it
;; (docs/performance.md, item 3); here the text is UTF-8 bytes in linear memory.
;;
;; Build: `npx tsx scripts/build-wasm.ts` writes ascii-features-wasm.ts;
;; test/core/wasm-build.test.ts checks that it matches this file.
;;
;; Then the SimHashes of the finished table (passages.ts): the whole
;; document's (`whole`) and each content-defined chunk's (`chunks`), in exact
;; integer sums, so bit for bit what passages.ts computes in doubles.
;;
;; Memory (at most 2 GiB, so every offset is a non-negative i32): bytes
;; 0–255 the class of each byte (0 ASCII non-word, 1 ASCII letter or digit,
;; 2 not ASCII); the fixed areas below, whose places the engine reads from
;; the exported constants; the text and the table's arrays from $DOCUMENT_AT
;; on, placed by the engine (`useTable`), which also grows them when `$grow`
;; is called.
(module
  (import "host" "grow" (func $grow))
  (memory (export "memory") 2 32768)

  ;; The fixed areas. The stopword set: $STOP_SLOTS slots of (hi, lo), an
  ;; all-zero pair empty.
  (global $STOP_AT (export "STOP_AT") i32 (i32.const 1024))
  (global $STOP_SLOTS (export "STOP_SLOTS") i32 (i32.const 4096))
  ;; termWeight(tf) for tf < $WEIGHT_SLOTS (i32 each).
  (global $WEIGHTS_AT (export "WEIGHTS_AT") i32 (i32.const 34816))
  (global $WEIGHT_SLOTS (export "WEIGHT_SLOTS") i32 (i32.const 256))
  ;; The 256 SimHash counters (i64 each).
  (global $COUNTERS_AT i32 (i32.const 35840))
  ;; A chunk's distinct features (i32 each), room for $CHUNK_SLOTS.
  (global $CHUNK_AT i32 (i32.const 37888))
  (global $CHUNK_SLOTS (export "CHUNK_SLOTS") i32 (i32.const 6912))
  (global $DOCUMENT_AT (export "DOCUMENT_AT") i32 (i32.const 65536))

  ;; The table: slot array (-1 empty, $mask + 1 slots, at least twice
  ;; $capDistinct), per distinct feature hash halves, count and stopword flag,
  ;; per occurrence the feature's index.
  (global $slots (mut i32) (i32.const 0))
  (global $mask (mut i32) (i32.const 0))
  (global $his (mut i32) (i32.const 0))
  (global $los (mut i32) (i32.const 0))
  (global $counts (mut i32) (i32.const 0))
  (global $stops (mut i32) (i32.const 0))
  (global $ids (mut i32) (i32.const 0))
  (global $capDistinct (mut i32) (i32.const 0))
  (global $capIds (mut i32) (i32.const 0))
  (global $distinct (export "distinct") (mut i32) (i32.const 0))
  (global $length (export "length") (mut i32) (i32.const 0))
  ;; Results of `scan` beside its return value.
  (global $words (export "words") (mut i32) (i32.const 0))
  (global $openWord (export "openWord") (mut i32) (i32.const -1))
  ;; Result of `whole` and of `$fold`.
  (global $hi (export "hi") (mut i32) (i32.const 0))
  (global $lo (export "lo") (mut i32) (i32.const 0))

  (func (export "useTable") (param $slots i32) (param $mask i32) (param $his i32) (param $los i32)
      (param $counts i32) (param $stops i32) (param $ids i32) (param $capDistinct i32) (param $capIds i32)
    (global.set $slots (local.get $slots))
    (global.set $mask (local.get $mask))
    (global.set $his (local.get $his))
    (global.set $los (local.get $los))
    (global.set $counts (local.get $counts))
    (global.set $stops (local.get $stops))
    (global.set $ids (local.get $ids))
    (global.set $capDistinct (local.get $capDistinct))
    (global.set $capIds (local.get $capIds)))

  ;; MurmurHash3's 32-bit finaliser (feature-hash.ts, fmix32).
  (func $fmix (param $h i32) (result i32)
    (local.set $h (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))))
    (local.set $h (i32.mul (local.get $h) (i32.const 0x85ebca6b)))
    (local.set $h (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 13))))
    (local.set $h (i32.mul (local.get $h) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))))

  ;; Whether hi:lo is a Latin stopword's hash.
  (func $isStop (param $hi i32) (param $lo i32) (result i32)
    (local $slot i32) (local $at i32)
    (local.set $slot (i32.and (local.get $lo) (i32.sub (global.get $STOP_SLOTS) (i32.const 1))))
    (loop $probe
      (local.set $at (i32.add (global.get $STOP_AT) (i32.shl (local.get $slot) (i32.const 3))))
      (if (i32.and (i32.eqz (i32.load (local.get $at))) (i32.eqz (i32.load offset=4 (local.get $at))))
        (then (return (i32.const 0))))
      (if (i32.and (i32.eq (i32.load (local.get $at)) (local.get $hi)) (i32.eq (i32.load offset=4 (local.get $at)) (local.get $lo)))
        (then (return (i32.const 1))))
      (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (i32.sub (global.get $STOP_SLOTS) (i32.const 1))))
      (br $probe))
    (unreachable))

  ;; FeatureTable.entry: the index of the feature hi:lo, inserted if new.
  (func $entry (param $hi i32) (param $lo i32) (result i32)
    (local $slot i32) (local $at i32) (local $e i32)
    ;; The hash halves end in Murmur's avalanche: their low bits are a good slot.
    (local.set $slot (i32.and (local.get $lo) (global.get $mask)))
    (loop $probe
      (local.set $at (i32.add (global.get $slots) (i32.shl (local.get $slot) (i32.const 2))))
      (local.set $e (i32.load (local.get $at)))
      (if (i32.eq (local.get $e) (i32.const -1)) (then
        ;; A new feature and no room: the engine grows the arrays and
        ;; rehashes (the slot array stays at most half full), then it is
        ;; looked for again in the new slots.
        (if (i32.eq (global.get $distinct) (global.get $capDistinct)) (then
          (call $grow)
          (return (call $entry (local.get $hi) (local.get $lo)))))
        (local.set $e (global.get $distinct))
        (global.set $distinct (i32.add (local.get $e) (i32.const 1)))
        (i32.store (local.get $at) (local.get $e))
        (i32.store (i32.add (global.get $his) (i32.shl (local.get $e) (i32.const 2))) (local.get $hi))
        (i32.store (i32.add (global.get $los) (i32.shl (local.get $e) (i32.const 2))) (local.get $lo))
        (i32.store (i32.add (global.get $counts) (i32.shl (local.get $e) (i32.const 2))) (i32.const 0))
        (i32.store8 (i32.add (global.get $stops) (local.get $e)) (call $isStop (local.get $hi) (local.get $lo)))
        (return (local.get $e))))
      (if (i32.and
            (i32.eq (i32.load (i32.add (global.get $los) (i32.shl (local.get $e) (i32.const 2)))) (local.get $lo))
            (i32.eq (i32.load (i32.add (global.get $his) (i32.shl (local.get $e) (i32.const 2)))) (local.get $hi)))
        (then (return (local.get $e))))
      (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
      (br $probe))
    (unreachable))

  ;; FeatureTable.append: one more occurrence of feature $e.
  (func $append (param $e i32)
    (local $at i32)
    (if (i32.eq (global.get $length) (global.get $capIds)) (then (call $grow)))
    (i32.store (i32.add (global.get $ids) (i32.shl (global.get $length) (i32.const 2))) (local.get $e))
    (global.set $length (i32.add (global.get $length) (i32.const 1)))
    (local.set $at (i32.add (global.get $counts) (i32.shl (local.get $e) (i32.const 2))))
    (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1))))

  ;; FeatureTable.add / addWord of a feature hashed by the engine: a word
  ;; ($word 1) that is a Latin stopword gets an index but no occurrence.
  (func (export "add") (param $hi i32) (param $lo i32) (param $word i32)
    (local $e i32)
    (local.set $e (call $entry (local.get $hi) (local.get $lo)))
    (if (i32.and (local.get $word) (i32.load8_u (i32.add (global.get $stops) (local.get $e))))
      (then (return)))
    (call $append (local.get $e)))

  ;; scanTokens' fast path over the bytes [$from, $end), starting outside any
  ;; run: every ASCII word that ends on ASCII (or at $end) is counted in
  ;; $words (from 0) and, unless it is a single letter or digit or a stopword, added
  ;; to the table. Stops at the first non-ASCII byte and returns its
  ;; position ($end if none); a word running into it is not handled but
  ;; reported in $openWord (its first byte; -1 if none), as the fast path
  ;; leaves such a word to the general loop.
  (func (export "scan") (param $from i32) (param $end i32) (result i32)
    (local $i i32) (local $start i32) (local $class i32) (local $n i32) (local $j i32) (local $k i32)
    (local $h1 i32) (local $h2 i32) (local $hi i32) (local $lo i32) (local $e i32)
    (global.set $openWord (i32.const -1))
    (global.set $words (i32.const 0))
    (local.set $i (local.get $from))
    (block $done (loop $scan
      (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
      (local.set $class (i32.load8_u (i32.load8_u (local.get $i))))
      (if (i32.eqz (local.get $class)) (then
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $scan)))
      (if (i32.eq (local.get $class) (i32.const 2)) (then (return (local.get $i))))
      ;; A word: the run of letters and digits from here.
      (local.set $start (local.get $i))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (block $wordEnd (loop $word
        (br_if $wordEnd (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $class (i32.load8_u (i32.load8_u (local.get $i))))
        (if (i32.eq (local.get $class) (i32.const 2)) (then
          (global.set $openWord (local.get $start))
          (return (local.get $i))))
        (br_if $wordEnd (i32.eqz (local.get $class)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $word)))
      (global.set $words (i32.add (global.get $words) (i32.const 1)))
      (local.set $n (i32.sub (local.get $i) (local.get $start)))
      ;; featureStream's rule: a single letter or digit is no feature.
      (br_if $scan (i32.eq (local.get $n) (i32.const 1)))
      ;; hashRange: two code units per 32-bit block, then the odd one.
      (local.set $h1 (i32.const 0x9747b28c))
      (local.set $h2 (i32.const 0x5bd1e995))
      (local.set $j (local.get $start))
      (block $pairsEnd (loop $pairs
        (br_if $pairsEnd (i32.ge_u (i32.add (local.get $j) (i32.const 1)) (local.get $i)))
        (local.set $k (i32.or (i32.load8_u (local.get $j)) (i32.shl (i32.load8_u offset=1 (local.get $j)) (i32.const 16))))
        (local.set $k (i32.mul (i32.rotl (i32.mul (local.get $k) (i32.const 0xcc9e2d51)) (i32.const 15)) (i32.const 0x1b873593)))
        (local.set $h1 (i32.add (i32.mul (i32.rotl (i32.xor (local.get $h1) (local.get $k)) (i32.const 13)) (i32.const 5)) (i32.const 0xe6546b64)))
        (local.set $h2 (i32.add (i32.mul (i32.rotl (i32.xor (local.get $h2) (local.get $k)) (i32.const 13)) (i32.const 5)) (i32.const 0xe6546b64)))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $pairs)))
      (if (i32.lt_u (local.get $j) (local.get $i)) (then
        (local.set $k (i32.mul (i32.rotl (i32.mul (i32.load8_u (local.get $j)) (i32.const 0xcc9e2d51)) (i32.const 15)) (i32.const 0x1b873593)))
        (local.set $h1 (i32.xor (local.get $h1) (local.get $k)))
        (local.set $h2 (i32.xor (local.get $h2) (local.get $k)))))
      (local.set $hi (call $fmix (i32.xor (local.get $h1) (i32.shl (local.get $n) (i32.const 1)))))
      (local.set $lo (call $fmix (i32.xor (local.get $h2) (i32.shl (local.get $n) (i32.const 1)))))
      (local.set $e (call $entry (local.get $hi) (local.get $lo)))
      (if (i32.eqz (i32.load8_u (i32.add (global.get $stops) (local.get $e))))
        (then (call $append (local.get $e))))
      (br $scan)))
    (local.get $end))

  ;; termWeight (term-weight.ts): the table below $WEIGHT_SLOTS, round(tf^1.5) above
  ;; (floor(x + 0.5) is Math.round for these x, all far below 2^52).
  (func $weight (export "weight") (param $tf i32) (result i64)
    (local $x f64)
    (if (i32.lt_u (local.get $tf) (global.get $WEIGHT_SLOTS))
      (then (return (i64.extend_i32_u (i32.load (i32.add (global.get $WEIGHTS_AT) (i32.shl (local.get $tf) (i32.const 2))))))))
    (local.set $x (f64.convert_i32_u (local.get $tf)))
    (i64.trunc_f64_u (f64.floor (f64.add (f64.mul (local.get $x) (f64.sqrt (local.get $x))) (f64.const 0.5)))))

  ;; Adds weight $w of the feature hashed $fhi:$flo to the 256 counters: for
  ;; each of the 16 nibbles of the hash, the counter of its value (accumulate
  ;; in passages.ts).
  (func $accumulate (param $fhi i32) (param $flo i32) (param $w i64)
    (local $k i32) (local $at i32)
    (loop $nibbles
      (local.set $at (i32.add (global.get $COUNTERS_AT) (i32.shl
        (i32.or (i32.shl (local.get $k) (i32.const 4)) (i32.and (i32.shr_u (local.get $flo) (i32.shl (local.get $k) (i32.const 2))) (i32.const 15)))
        (i32.const 3))))
      (i64.store (local.get $at) (i64.add (i64.load (local.get $at)) (local.get $w)))
      (local.set $at (i32.add (global.get $COUNTERS_AT) (i32.shl
        (i32.or (i32.shl (i32.add (local.get $k) (i32.const 8)) (i32.const 4)) (i32.and (i32.shr_u (local.get $fhi) (i32.shl (local.get $k) (i32.const 2))) (i32.const 15)))
        (i32.const 3))))
      (i64.store (local.get $at) (i64.add (i64.load (local.get $at)) (local.get $w)))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $nibbles (i32.lt_u (local.get $k) (i32.const 8)))))

  ;; The fingerprint of the counters (foldChunk): bit b of nibble k is set
  ;; when the counters of the values with bit b add up to more than half of
  ;; $total. Leaves it in $hi:$lo and clears the counters.
  (func $fold (param $total i64)
    (local $k i32) (local $base i32) (local $v i32) (local $c i64) (local $bits i32)
    (local $s0 i64) (local $s1 i64) (local $s2 i64) (local $s3 i64)
    (global.set $hi (i32.const 0))
    (global.set $lo (i32.const 0))
    (loop $nibbles
      (local.set $base (i32.add (global.get $COUNTERS_AT) (i32.shl (local.get $k) (i32.const 7))))
      (local.set $s0 (i64.const 0)) (local.set $s1 (i64.const 0)) (local.set $s2 (i64.const 0)) (local.set $s3 (i64.const 0))
      (local.set $v (i32.const 1))
      (loop $values
        (local.set $c (i64.load (i32.add (local.get $base) (i32.shl (local.get $v) (i32.const 3)))))
        (if (i32.and (local.get $v) (i32.const 1)) (then (local.set $s0 (i64.add (local.get $s0) (local.get $c)))))
        (if (i32.and (local.get $v) (i32.const 2)) (then (local.set $s1 (i64.add (local.get $s1) (local.get $c)))))
        (if (i32.and (local.get $v) (i32.const 4)) (then (local.set $s2 (i64.add (local.get $s2) (local.get $c)))))
        (if (i32.and (local.get $v) (i32.const 8)) (then (local.set $s3 (i64.add (local.get $s3) (local.get $c)))))
        (local.set $v (i32.add (local.get $v) (i32.const 1)))
        (br_if $values (i32.lt_u (local.get $v) (i32.const 16))))
      (memory.fill (local.get $base) (i32.const 0) (i32.const 128))
      (local.set $bits (i32.or
        (i32.or (i64.gt_s (i64.shl (local.get $s0) (i64.const 1)) (local.get $total))
                (i32.shl (i64.gt_s (i64.shl (local.get $s1) (i64.const 1)) (local.get $total)) (i32.const 1)))
        (i32.or (i32.shl (i64.gt_s (i64.shl (local.get $s2) (i64.const 1)) (local.get $total)) (i32.const 2))
                (i32.shl (i64.gt_s (i64.shl (local.get $s3) (i64.const 1)) (local.get $total)) (i32.const 3)))))
      ;; Nibble k holds bits 4k … 4k+3 of the low word (k < 8) or of the high word.
      (if (i32.lt_u (local.get $k) (i32.const 8))
        (then (global.set $lo (i32.or (global.get $lo) (i32.shl (local.get $bits) (i32.shl (local.get $k) (i32.const 2))))))
        (else (global.set $hi (i32.or (global.get $hi) (i32.shl (local.get $bits) (i32.shl (i32.sub (local.get $k) (i32.const 8)) (i32.const 2)))))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $nibbles (i32.lt_u (local.get $k) (i32.const 16)))))

  ;; wholeFingerprint: SimHash of every distinct feature weighted by its
  ;; count, each weight cut to $cap unless it is 0 (the engine computes the
  ;; level, term-weight.ts weightCap), into $hi:$lo. The counters start and end cleared.
  (func (export "whole") (param $cap i32)
    (local $e i32) (local $w i64) (local $total i64)
    (block $done (loop $features
      (br_if $done (i32.ge_u (local.get $e) (global.get $distinct)))
      (local.set $w (call $weight (i32.load (i32.add (global.get $counts) (i32.shl (local.get $e) (i32.const 2))))))
      (if (i32.and (i32.ne (local.get $cap) (i32.const 0)) (i64.gt_u (local.get $w) (i64.extend_i32_u (local.get $cap))))
        (then (local.set $w (i64.extend_i32_u (local.get $cap)))))
      (local.set $total (i64.add (local.get $total) (local.get $w)))
      (call $accumulate
        (i32.load (i32.add (global.get $his) (i32.shl (local.get $e) (i32.const 2))))
        (i32.load (i32.add (global.get $los) (i32.shl (local.get $e) (i32.const 2))))
        (local.get $w))
      (local.set $e (i32.add (local.get $e) (i32.const 1)))
      (br $features)))
    (call $fold (local.get $total)))

  ;; term-weight.ts weightCap over one chunk's weights: the three heaviest
  ;; $w0 ≥ $w1 ≥ $w2 and their squares' sum $s. Returns the level, or 0 for
  ;; none. A chunk's weights are small (≤ termWeight(136)), so every square
  ;; and sum is exact in a double and the square roots agree with JavaScript's.
  (func $chunkCap (param $w0 f64) (param $w1 f64) (param $w2 f64) (param $s f64) (result i32)
    (local $t f64)
    (if (f64.le (f64.add (f64.mul (local.get $w0) (local.get $w0)) (f64.mul (local.get $w1) (local.get $w1)))
                (f64.mul (f64.const 0.5) (local.get $s)))
      (then (return (i32.const 0))))
    ;; k = 1: T² ≤ S − w0² − 2·w1²
    (local.set $t (f64.floor (f64.sqrt (f64.max (f64.const 0)
      (f64.sub (f64.sub (local.get $s) (f64.mul (local.get $w0) (local.get $w0))) (f64.mul (f64.const 2) (f64.mul (local.get $w1) (local.get $w1))))))))
    (if (f64.ge (local.get $t) (local.get $w1)) (then (return (i32.trunc_f64_u (f64.max (f64.const 1) (local.get $t))))))
    ;; k = 2: T² ≤ (S − w0² − w1²) / 2
    (local.set $t (f64.floor (f64.sqrt (f64.max (f64.const 0)
      (f64.div (f64.sub (f64.sub (local.get $s) (f64.mul (local.get $w0) (local.get $w0))) (f64.mul (local.get $w1) (local.get $w1))) (f64.const 2))))))
    (if (f64.ge (local.get $t) (local.get $w2)) (then (return (i32.trunc_f64_u (f64.max (f64.const 1) (local.get $t))))))
    ;; k = 3: T² ≤ S − w0² − w1² − w2²
    (i32.trunc_f64_u (f64.max (f64.const 1) (f64.floor (f64.sqrt (f64.max (f64.const 0)
      (f64.sub (f64.sub (f64.sub (local.get $s) (f64.mul (local.get $w0) (local.get $w0))) (f64.mul (local.get $w1) (local.get $w1))) (f64.mul (local.get $w2) (local.get $w2)))))))))

  ;; passages.ts chunkRange: cuts positions [$from, $to) into chunks, whose
  ;; (start, end) position pairs go to $ends after the $chunks pairs already
  ;; there; returns the new count. A chunk ends after an anchor feature once
  ;; it has $min features, or at $max; a tail shorter than $min joins the
  ;; range's chunk before it. $flags is a byte per distinct feature (1 anchor,
  ;; 2 not, 0 not yet known), kept across the ranges of a document.
  (func $cut (param $from i32) (param $to i32) (param $flags i32) (param $ends i32) (param $chunks i32)
      (param $min i32) (param $max i32) (param $anchorMask i32) (result i32)
    (local $i i32) (local $start i32) (local $id i32) (local $flag i32) (local $first i32)
    (local.set $first (local.get $chunks))
    (local.set $i (local.get $from))
    (local.set $start (local.get $from))
    (block $cut (loop $positions
      (br_if $cut (i32.ge_u (local.get $i) (local.get $to)))
      (local.set $id (i32.load (i32.add (global.get $ids) (i32.shl (local.get $i) (i32.const 2)))))
      (local.set $flag (i32.load8_u (i32.add (local.get $flags) (local.get $id))))
      (if (i32.eqz (local.get $flag)) (then
        ;; isAnchorHash: the remixed hash has its low bits zero.
        (local.set $flag (select (i32.const 1) (i32.const 2) (i32.eqz (i32.and (local.get $anchorMask)
          (call $fmix (i32.xor
            (i32.load (i32.add (global.get $his) (i32.shl (local.get $id) (i32.const 2))))
            (i32.mul (i32.load (i32.add (global.get $los) (i32.shl (local.get $id) (i32.const 2)))) (i32.const 0x9e3779b1))))))))
        (i32.store8 (i32.add (local.get $flags) (local.get $id)) (local.get $flag))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (if (i32.or
            (i32.and (i32.eq (local.get $flag) (i32.const 1)) (i32.ge_u (i32.sub (local.get $i) (local.get $start)) (local.get $min)))
            (i32.ge_u (i32.sub (local.get $i) (local.get $start)) (local.get $max)))
        (then
          (i32.store (i32.add (local.get $ends) (i32.shl (local.get $chunks) (i32.const 3))) (local.get $start))
          (i32.store offset=4 (i32.add (local.get $ends) (i32.shl (local.get $chunks) (i32.const 3))) (local.get $i))
          (local.set $chunks (i32.add (local.get $chunks) (i32.const 1)))
          (local.set $start (local.get $i))))
      (br $positions)))
    (if (i32.lt_u (local.get $start) (local.get $to)) (then
      (if (i32.and (i32.ne (local.get $chunks) (local.get $first)) (i32.lt_u (i32.sub (local.get $to) (local.get $start)) (local.get $min)))
        (then (i32.store offset=4 (i32.add (local.get $ends) (i32.shl (i32.sub (local.get $chunks) (i32.const 1)) (i32.const 3))) (local.get $to)))
        (else
          (i32.store (i32.add (local.get $ends) (i32.shl (local.get $chunks) (i32.const 3))) (local.get $start))
          (i32.store offset=4 (i32.add (local.get $ends) (i32.shl (local.get $chunks) (i32.const 3))) (local.get $to))
          (local.set $chunks (i32.add (local.get $chunks) (i32.const 1)))))))
    (local.get $chunks))

  ;; passages.ts chunkBoundaries of a stream not read by paragraph + each
  ;; chunk's SimHash (hashRanges): the whole stream cut as one range ($cut).
  ;; $flags (zeroed) and $locals (an i32 per distinct feature, zeroed; left
  ;; zeroed) are scratch; $ends receives the chunks' (start, end) position
  ;; pairs, $out their fingerprints as (hi, lo) pairs. With $capped, each
  ;; chunk's weights are cut to its own $chunkCap level. Returns the number
  ;; of chunks.
  (func (export "chunks") (param $flags i32) (param $locals i32) (param $ends i32) (param $out i32)
      (param $min i32) (param $max i32) (param $anchorMask i32) (param $capped i32) (result i32)
    (local $chunks i32)
    (local.set $chunks (call $cut (i32.const 0) (global.get $length) (local.get $flags) (local.get $ends) (i32.const 0)
      (local.get $min) (local.get $max) (local.get $anchorMask)))
    (call $hashRanges (local.get $ends) (local.get $chunks) (local.get $locals) (local.get $out) (local.get $capped))
    (local.get $chunks))

  ;; The same for a stream read by paragraph (scheme 5, passages.ts
  ;; chunkRanges): $paragraphs positions at $starts (i32 each) where each
  ;; paragraph after the first begins; each paragraph of at least
  ;; $paragraphMin features is cut on its own, shorter ones give no chunk.
  (func (export "paragraphChunks") (param $starts i32) (param $paragraphs i32) (param $paragraphMin i32)
      (param $flags i32) (param $locals i32) (param $ends i32) (param $out i32)
      (param $min i32) (param $max i32) (param $anchorMask i32) (param $capped i32) (result i32)
    (local $p i32) (local $from i32) (local $to i32) (local $chunks i32)
    (block $done (loop $each
      (br_if $done (i32.gt_u (local.get $p) (local.get $paragraphs)))
      (local.set $to (select (global.get $length) (i32.load (i32.add (local.get $starts) (i32.shl (local.get $p) (i32.const 2))))
        (i32.eq (local.get $p) (local.get $paragraphs))))
      (if (i32.ge_u (i32.sub (local.get $to) (local.get $from)) (local.get $paragraphMin)) (then
        (local.set $chunks (call $cut (local.get $from) (local.get $to) (local.get $flags) (local.get $ends) (local.get $chunks)
          (local.get $min) (local.get $max) (local.get $anchorMask)))))
      (local.set $from (local.get $to))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br $each)))
    (call $hashRanges (local.get $ends) (local.get $chunks) (local.get $locals) (local.get $out) (local.get $capped))
    (local.get $chunks))

  ;; Each (start, end) position range of $ranges ($count of them): its
  ;; distinct features and their counts within it, then their SimHash, into
  ;; $out as (hi, lo) pairs; $locals as for chunks. passages.ts
  ;; rangeFingerprints.
  (func $hashRanges (param $ranges i32) (param $count i32) (param $locals i32) (param $out i32) (param $capped i32)
    (local $i i32) (local $start i32) (local $id i32) (local $c i32) (local $end i32) (local $touched i32) (local $j i32) (local $at i32)
    (local $w i64) (local $total i64) (local $cap i32) (local $wf f64) (local $w0 f64) (local $w1 f64) (local $w2 f64) (local $squares f64)
    (block $done (loop $each
      (br_if $done (i32.ge_u (local.get $c) (local.get $count)))
      (local.set $start (i32.load (i32.add (local.get $ranges) (i32.shl (local.get $c) (i32.const 3)))))
      (local.set $end (i32.load offset=4 (i32.add (local.get $ranges) (i32.shl (local.get $c) (i32.const 3)))))
      (local.set $touched (i32.const 0))
      (local.set $i (local.get $start))
      (block $counted (loop $count
        (br_if $counted (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $id (i32.load (i32.add (global.get $ids) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $at (i32.add (local.get $locals) (i32.shl (local.get $id) (i32.const 2))))
        (if (i32.eqz (i32.load (local.get $at))) (then
          (i32.store (i32.add (global.get $CHUNK_AT) (i32.shl (local.get $touched) (i32.const 2))) (local.get $id))
          (local.set $touched (i32.add (local.get $touched) (i32.const 1)))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $count)))
      ;; Each feature's count becomes its weight; with $capped, the three heaviest and Σw² give the level.
      (local.set $cap (i32.const 0))
      (local.set $w0 (f64.const 0)) (local.set $w1 (f64.const 0)) (local.set $w2 (f64.const 0)) (local.set $squares (f64.const 0))
      (local.set $j (i32.const 0))
      (block $weighed (loop $weigh
        (br_if $weighed (i32.ge_u (local.get $j) (local.get $touched)))
        (local.set $at (i32.add (local.get $locals) (i32.shl (i32.load (i32.add (global.get $CHUNK_AT) (i32.shl (local.get $j) (i32.const 2)))) (i32.const 2))))
        (local.set $w (call $weight (i32.load (local.get $at))))
        (i32.store (local.get $at) (i32.wrap_i64 (local.get $w)))
        (if (local.get $capped) (then
          (local.set $wf (f64.convert_i64_u (local.get $w)))
          (local.set $squares (f64.add (local.get $squares) (f64.mul (local.get $wf) (local.get $wf))))
          (if (f64.gt (local.get $wf) (local.get $w0))
            (then (local.set $w2 (local.get $w1)) (local.set $w1 (local.get $w0)) (local.set $w0 (local.get $wf)))
            (else (if (f64.gt (local.get $wf) (local.get $w1))
              (then (local.set $w2 (local.get $w1)) (local.set $w1 (local.get $wf)))
              (else (if (f64.gt (local.get $wf) (local.get $w2)) (then (local.set $w2 (local.get $wf))))))))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $weigh)))
      (if (local.get $capped) (then (local.set $cap (call $chunkCap (local.get $w0) (local.get $w1) (local.get $w2) (local.get $squares)))))
      (local.set $total (i64.const 0))
      (local.set $j (i32.const 0))
      (block $summed (loop $sum
        (br_if $summed (i32.ge_u (local.get $j) (local.get $touched)))
        (local.set $id (i32.load (i32.add (global.get $CHUNK_AT) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $at (i32.add (local.get $locals) (i32.shl (local.get $id) (i32.const 2))))
        (local.set $w (i64.extend_i32_u (i32.load (local.get $at))))
        (if (i32.and (i32.ne (local.get $cap) (i32.const 0)) (i64.gt_u (local.get $w) (i64.extend_i32_u (local.get $cap))))
          (then (local.set $w (i64.extend_i32_u (local.get $cap)))))
        (i32.store (local.get $at) (i32.const 0))
        (local.set $total (i64.add (local.get $total) (local.get $w)))
        (call $accumulate
          (i32.load (i32.add (global.get $his) (i32.shl (local.get $id) (i32.const 2))))
          (i32.load (i32.add (global.get $los) (i32.shl (local.get $id) (i32.const 2))))
          (local.get $w))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $sum)))
      (call $fold (local.get $total))
      (i32.store (i32.add (local.get $out) (i32.shl (local.get $c) (i32.const 3))) (global.get $hi))
      (i32.store offset=4 (i32.add (local.get $out) (i32.shl (local.get $c) (i32.const 3))) (global.get $lo))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (br $each))))
)
