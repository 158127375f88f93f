import CCache

extension WordList {
    /// Entry indices by the hash of their lower-cased word, in an open-addressing table sized
    /// once for the list's line count (it never grows): how repeats are found while a list is
    /// read, and `contains` after. For a million words it is under 6 MB, and a probe rarely reads
    /// anything but its slot.
    struct KeySet {
        /// A slot holds an entry's index + 1 in its low 20 bits (0 is empty; `entryLimit`
        /// fits) and 12 bits of its hash above.
        private let slots: [UInt32]
        static let indexBits: UInt32 = 20
        /// Where each hash starts, chosen at random for each list: a list cannot be made of
        /// words that all land on one slot (which would make reading it take quadratic time).
        let seed: UInt64

        /// The table a reader filled (see `Filling`).
        init(slots: [UInt32], seed: UInt64) {
            precondition(!slots.isEmpty, "a table has slots")
            (self.slots, self.seed) = (slots, seed)
        }

        /// How many slots a table for up to `capacity` entries has: at most 70% full.
        static func slotCount(capacity: Int) -> Int {
            assert(WordList.entryLimit < 1 << Int(Self.indexBits), "an entry's index must fit its slot")
            return max(16, capacity * 10 / 7 + 1)
        }

        /// The index of an entry with this hash that `matches` accepts.
        func find(_ hash: UInt64, where matches: (Int) -> Bool) -> Int? {
            slots.withUnsafeBufferPointer { slots in
                var probe = Self.probe(hash, slotCount: slots.count)
                while let k = Self.next(&probe, in: slots) {
                    if matches(k) { return k }
                }
                return nil
            }
        }

        /// A lookup of one hash: the slot it reads next, and the tag it looks for.
        struct Probe {
            var slot: Int
            let tag: UInt32
        }

        /// What the table uses of a hash: its high 32 bits, which is all a second half's
        /// reader keeps of each entry's (a million-word list's is 2 MB less at its peak).
        @inline(__always) static func tableBits(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

        /// Where a hash starts probing (its table bits scaled to the table: the table's size
        /// need not be a power of two, so it is no larger than the list needs), and the tag it
        /// looks for (the low 12 of its table bits, which barely move the start).
        @inline(__always) static func probe(_ hash: UInt64, slotCount: Int) -> Probe {
            probe(tableBits: tableBits(hash), slotCount: slotCount)
        }

        @inline(__always) static func probe(tableBits bits: UInt32, slotCount: Int) -> Probe {
            Probe(slot: Int(truncatingIfNeeded: (UInt64(bits) &* UInt64(slotCount)) >> 32), tag: (bits & 0xFFF) << indexBits)
        }

        /// The next entry whose slot has the probe's tag (its key may be another's with the same
        /// bits), or nil at the first empty slot, where the probe then stays.
        @inline(__always) static func next(_ probe: inout Probe, in slots: UnsafeBufferPointer<UInt32>) -> Int? {
            while slots[probe.slot] != 0 {
                let slot = slots[probe.slot]
                probe.slot += 1
                if probe.slot == slots.count { probe.slot = 0 }
                if slot & ~((1 << indexBits) - 1) == probe.tag { return Int(slot & ((1 << indexBits) - 1)) - 1 }
            }
            return nil
        }

        /// The table while a reader fills it: its slots written through a pointer into the
        /// array being made (an array changed in place is checked for a second owner at every
        /// insert), kept by `KeySet(slots:seed:)` once the reading ends.
        struct Filling {
            let slots: UnsafeMutableBufferPointer<UInt32>
            let seed: UInt64
            private var count = 0
            /// The most entries it takes (90% of its slots): a probe always ends at an empty slot.
            private let room: Int

            /// `slots`, all zero (empty), at least 16.
            init(slots: UnsafeMutableBufferPointer<UInt32>, seed: UInt64) {
                precondition(slots.count >= 16, "a table has slots")
                (self.slots, self.seed, room) = (slots, seed, slots.count * 9 / 10)
            }

            func probe(_ hash: UInt64) -> Probe { KeySet.probe(hash, slotCount: slots.count) }

            /// The next entry with the probe's tag; a reader that compares keys as it goes asks
            /// for one at a time.
            func next(_ probe: inout Probe) -> Int? { KeySet.next(&probe, in: UnsafeBufferPointer(slots)) }

            /// Adds an entry where a probe for its hash ended (`next` gave nil at an empty
            /// slot): the slot a walk from the start would find, without walking again.
            @inline(__always)
            mutating func insert(index: Int, endingProbe probe: Probe) {
                precondition(count < room, "the table was sized for the list's lines")
                precondition(slots[probe.slot] == 0, "a probe ends at an empty slot")
                slots[probe.slot] = probe.tag | UInt32(index + 1)
                count += 1
            }

            /// Asks for the slot a hash starts at, so that it is in the cache when it is read.
            func prefetch(_ hash: UInt64) { prefetch(tableBits: KeySet.tableBits(hash)) }

            func prefetch(tableBits bits: UInt32) {
                gh_prefetch(slots.baseAddress! + KeySet.probe(tableBits: bits, slotCount: slots.count).slot)
            }

            func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { KeySet.hash(bytes, seed: seed) }
        }

        /// The hash of a word's key, its lower-cased text, given as UTF-8 bytes. ASCII capitals
        /// are taken in lower case, eight bytes at a time, so an ASCII word is hashed straight
        /// from the file, with no lower-cased copy; every other byte is taken as it is (so no
        /// two keys hash alike whatever the seed). Eight bytes are mixed at a time, as the
        /// reader's scan of a line meets them: `seed`, then `mix` for each eight bytes and
        /// `mix(_:tail:count:)` for the last few, then `finish`.
        static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
            let raw = UnsafeRawBufferPointer(bytes)
            var h = seed
            var i = 0
            while i + 8 <= bytes.count {
                h = Self.mix(h, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            if i < bytes.count {
                var tail: UInt64 = 0
                for k in i..<bytes.count { tail |= UInt64(bytes[k]) << UInt64(8 * (k - i)) }
                h = Self.mix(h, tail: tail, count: bytes.count - i)
            }
            return Self.finish(h, length: bytes.count)
        }

        /// Eight bytes with their ASCII capitals in lower case. Each byte without its high bit is
        /// at most 0x7F: adding to it carries into its own high bit, never into the next byte.
        @inline(__always) static func lowercased(_ eight: UInt64) -> UInt64 {
            let low7 = eight & 0x7F7F_7F7F_7F7F_7F7F
            let fromA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F  // high bit set from 'A' (0x41)
            let pastZ = low7 &+ 0x2525_2525_2525_2525  // high bit set from '[' (0x5B)
            let capitals = fromA & ~pastZ & ~eight & 0x8080_8080_8080_8080
            return eight | capitals >> 2  // 0x80 >> 2 is the case bit, 0x20
        }

        /// Mixes in eight bytes (little-endian).
        @inline(__always) static func mix(_ h: UInt64, _ eight: UInt64) -> UInt64 {
            let m = (h ^ lowercased(eight)) &* 0xBF58_476D_1CE4_E5B9
            return m ^ (m >> 32)
        }

        /// Mixes in eight ASCII letters: their lower case is one OR (the same hash `mix` gives).
        @inline(__always) static func mix(_ h: UInt64, letters eight: UInt64) -> UInt64 {
            let m = (h ^ (eight | 0x2020_2020_2020_2020)) &* 0xBF58_476D_1CE4_E5B9
            return m ^ (m >> 32)
        }

        /// Mixes in the last `count` (1 to 7) ASCII letters, the low bytes of `tail`.
        @inline(__always) static func mix(_ h: UInt64, letters tail: UInt64, count: Int) -> UInt64 {
            (h ^ ((tail | 0x2020_2020_2020_2020) & (1 << UInt64(8 * count) - 1))) &* 0xBF58_476D_1CE4_E5B9
        }

        /// Mixes in the last `count` (1 to 7) bytes, the low bytes of `tail`.
        @inline(__always) static func mix(_ h: UInt64, tail: UInt64, count: Int) -> UInt64 {
            (h ^ (lowercased(tail) & (1 << UInt64(8 * count) - 1))) &* 0xBF58_476D_1CE4_E5B9
        }

        /// A finaliser, so that the tag's high bits depend on every byte.
        @inline(__always) static func finish(_ h: UInt64, length: Int) -> UInt64 {
            var h = h ^ UInt64(length)
            h ^= h >> 31
            h &*= 0x94D0_49BB_1331_11EB
            return h ^ (h >> 29)
        }

        /// The hash of a key given as a String (lower-cased, in NFC).
        func hash(key: String) -> UInt64 {
            var key = key
            return key.withUTF8 { Self.hash($0, seed: seed) }
        }
    }
}
