;; Bench-only prototype (bench/prototypes/wasm-features.ts runs it), NOT the
;; engine: documentFeatures' work on ASCII text — words, the single-letter
;; rule, the 64-bit feature hash (feature-hash.ts: two MurmurHash3 lanes over
;; UTF-16 code units, here the bytes zero-extended), the open-addressing
;; table keyed by that hash, the Latin stopword check once per distinct word
;; — in WebAssembly, to measure what moving it there would buy.
;;
;; Memory: bytes 0–255 the word class of each byte (1 = ASCII letter or
;; digit); the i32 at 512 receives the distinct-feature count; the caller
;; places the stopword set, the text and the table's arrays.
(module
  (memory (export "memory") 256)

  ;; MurmurHash3's 32-bit finaliser (feature-hash.ts, fmix32).
  (func $fmix (param $h i32) (result i32)
    (local.set $h (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))))
    (local.set $h (i32.mul (local.get $h) (i32.const 0x85ebca6b)))
    (local.set $h (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 13))))
    (local.set $h (i32.mul (local.get $h) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 16))))

  ;; Whether hi:lo is in the stopword set: (hi, lo) pairs at $stop, open
  ;; addressing by lo & $smask, an all-zero pair marks an empty slot.
  (func $isStop (param $hi i32) (param $lo i32) (param $stop i32) (param $smask i32) (result i32)
    (local $s i32) (local $a i32)
    (local.set $s (i32.and (local.get $lo) (local.get $smask)))
    (loop $probe
      (local.set $a (i32.add (local.get $stop) (i32.shl (local.get $s) (i32.const 3))))
      (if (i32.and (i32.eqz (i32.load (local.get $a))) (i32.eqz (i32.load offset=4 (local.get $a)))) (then (return (i32.const 0))))
      (if (i32.and (i32.eq (i32.load (local.get $a)) (local.get $hi)) (i32.eq (i32.load offset=4 (local.get $a)) (local.get $lo))) (then (return (i32.const 1))))
      (local.set $s (i32.and (i32.add (local.get $s) (i32.const 1)) (local.get $smask)))
      (br $probe))
    (unreachable))

  ;; The features of the ASCII text at [$text, $text + $len): ids (distinct
  ;; index per occurrence, stopwords left out) at $ids, and per distinct
  ;; feature its hash halves ($his, $los), count ($counts) and stopword flag
  ;; ($states); $slots (-1 filled, $mask + 1 of them) is the hash table.
  ;; Returns the number of occurrences written.
  (func (export "features") (param $text i32) (param $len i32) (param $slots i32) (param $mask i32)
      (param $his i32) (param $los i32) (param $counts i32) (param $states i32) (param $ids i32)
      (param $stop i32) (param $smask i32) (result i32)
    (local $i i32) (local $end i32) (local $start i32) (local $n i32) (local $k i32) (local $h1 i32) (local $h2 i32)
    (local $j i32) (local $hi i32) (local $lo i32) (local $slot i32) (local $e i32) (local $nf i32) (local $distinct i32) (local $at i32)
    (local.set $end (i32.add (local.get $text) (local.get $len)))
    (local.set $i (local.get $text))
    (block $done (loop $scan
      (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
      (if (i32.eqz (i32.load8_u (i32.load8_u (local.get $i))))
        (then (local.set $i (i32.add (local.get $i) (i32.const 1))) (br $scan)))
      ;; A word: the run of letters and digits from here.
      (local.set $start (local.get $i))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (block $wordEnd (loop $word
        (br_if $wordEnd (i32.ge_u (local.get $i) (local.get $end)))
        (br_if $wordEnd (i32.eqz (i32.load8_u (i32.load8_u (local.get $i)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $word)))
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
      ;; FeatureTable.entry: linear probing from lo & mask; a new hash is inserted.
      (local.set $slot (i32.and (local.get $lo) (local.get $mask)))
      (block $found (loop $probe
        (local.set $at (i32.add (local.get $slots) (i32.shl (local.get $slot) (i32.const 2))))
        (local.set $e (i32.load (local.get $at)))
        (if (i32.eq (local.get $e) (i32.const -1)) (then
          (local.set $e (local.get $distinct))
          (local.set $distinct (i32.add (local.get $distinct) (i32.const 1)))
          (i32.store (local.get $at) (local.get $e))
          (i32.store (i32.add (local.get $his) (i32.shl (local.get $e) (i32.const 2))) (local.get $hi))
          (i32.store (i32.add (local.get $los) (i32.shl (local.get $e) (i32.const 2))) (local.get $lo))
          (i32.store (i32.add (local.get $counts) (i32.shl (local.get $e) (i32.const 2))) (i32.const 0))
          (i32.store8 (i32.add (local.get $states) (local.get $e)) (call $isStop (local.get $hi) (local.get $lo) (local.get $stop) (local.get $smask)))
          (br $found)))
        (br_if $found (i32.and
          (i32.eq (i32.load (i32.add (local.get $los) (i32.shl (local.get $e) (i32.const 2)))) (local.get $lo))
          (i32.eq (i32.load (i32.add (local.get $his) (i32.shl (local.get $e) (i32.const 2)))) (local.get $hi))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
        (br $probe)))
      ;; FeatureTable.append, unless the word is a stopword.
      (if (i32.eqz (i32.load8_u (i32.add (local.get $states) (local.get $e)))) (then
        (i32.store (i32.add (local.get $ids) (i32.shl (local.get $nf) (i32.const 2))) (local.get $e))
        (local.set $nf (i32.add (local.get $nf) (i32.const 1)))
        (local.set $at (i32.add (local.get $counts) (i32.shl (local.get $e) (i32.const 2))))
        (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))))
      (br $scan)))
    (i32.store (i32.const 512) (local.get $distinct))
    (local.get $nf))
)
