import GameCore
import XCTest

final class RandomSourceTests: XCTestCase {
    /// Known answers from an independent implementation of SplitMix64 seeding + xoshiro256**:
    /// if these change, every recorded seed replays differently.
    func testTheSequenceForASeedIsFixed() {
        let zero = RandomSource(seed: 0)
        XCTAssertEqual((0..<3).map { _ in zero.next() }, [11091344671253066420, 13793997310169335082, 1900383378846508768])
        let answer = RandomSource(seed: 42)
        XCTAssertEqual((0..<3).map { _ in answer.next() }, [1546998764402558742, 6990951692964543102, 12544586762248559009])
        let dice = RandomSource(seed: 42)
        XCTAssertEqual(try (0..<10).map { _ in try dice.int(in: 1...6) }, [1, 3, 5, 6, 6, 5, 5, 6, 5, 4])
    }

    func testIntegersAreUniformAndInRange() throws {
        let random = RandomSource(seed: 7)
        var counts = [0, 0, 0]
        for _ in 0..<30_000 { counts[try random.int(in: 0...2)] += 1 }
        for c in counts { XCTAssertEqual(Double(c), 10_000, accuracy: 400, "\(counts)") }  // > 4 sigma
        for _ in 0..<1000 { XCTAssertTrue((-3...3).contains(try random.int(in: -3...3))) }
        XCTAssertEqual(try random.int(in: 5...5), 5)
        let u = random.unit()
        XCTAssertTrue(u >= 0 && u < 1)
    }

    func testScriptedOutcomesComeFirstThenTheSeededSequence() throws {
        let scripted = RandomSource(seed: 42)
        scripted.force([3, 1])
        XCTAssertEqual(try scripted.int(in: 1...3), 3)
        XCTAssertEqual(try scripted.int(in: 1...3), 1)
        XCTAssertEqual(try scripted.int(in: 1...6), 1, "the seeded sequence resumes where it was")
        scripted.force([9])
        XCTAssertThrowsError(try scripted.int(in: 1...3)) {
            XCTAssertEqual(String(describing: $0), "scripted random outcome 9 is outside the range 1...3 of this draw")
        }
    }

    func testSnapshotsUndoDraws() throws {
        let random = RandomSource(seed: 5)
        random.force([2])
        let saved = random.snapshot
        let first = [try random.int(in: 1...3), try random.int(in: 1...100)]
        random.restore(saved)
        XCTAssertEqual([try random.int(in: 1...3), try random.int(in: 1...100)], first)
    }

    func testShuffleIsADeterministicPermutation() throws {
        var a = Array(1...20), b = Array(1...20)
        try RandomSource(seed: 9).shuffle(&a)
        try RandomSource(seed: 9).shuffle(&b)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, Array(1...20))
        XCTAssertEqual(a.sorted(), Array(1...20))
    }

    /// `shuffle` and `permutation` draw as Fisher-Yates on the items themselves always did, so
    /// every recorded seed deals the same cards; a scripted shuffle comes first.
    func testShuffleDrawsAsFisherYatesOnTheItems() throws {
        var expected = Array(1...20)
        let reference = RandomSource(seed: 9)
        for i in stride(from: 19, to: 0, by: -1) { expected.swapAt(i, try reference.int(in: 0...i)) }
        var shuffled = Array(1...20)
        try RandomSource(seed: 9).shuffle(&shuffled)
        XCTAssertEqual(shuffled, expected)
        XCTAssertEqual(try RandomSource(seed: 9).permutation(20).map { $0 + 1 }, expected)
        let scripted = RandomSource(seed: 1)
        scripted.forceShuffle([3, 1, 2])
        XCTAssertEqual(try scripted.permutation(3), [2, 0, 1])
        scripted.forceShuffle([1, 1, 2])
        XCTAssertThrowsError(try scripted.permutation(3))
        XCTAssertEqual(try RandomSource(seed: 1).permutation(0), [])
        XCTAssertEqual(try RandomSource(seed: 1).permutation(1), [0])
    }

    func testManualClockMovesOnlyWhenTold() {
        let clock = ManualClock(at: 100)
        XCTAssertEqual(clock.now(), 100)
        clock.advance(by: 2.5)
        XCTAssertEqual(clock.now(), 102.5)
        clock.set(7)
        XCTAssertEqual(clock.now(), 7)
        XCTAssertGreaterThan(SystemClock().now(), 1_700_000_000)
    }

    func testShuffleIsUniformAndSeededForAnyList() throws {
        // Where card "A" (first of four) lands over 4,000 shuffles: about 1,000 each place.
        var counts = [0, 0, 0, 0]
        let random = RandomSource(seed: 12)
        for _ in 0..<4000 {
            var d = ["A", "B", "C", "D"]
            try random.shuffle(&d)
            counts[d.firstIndex(of: "A")!] += 1
        }
        for c in counts { XCTAssertEqual(Double(c), 1000, accuracy: 120, "\(counts)") }
        var a = Array(1...10), b = a
        try RandomSource(seed: 4).shuffle(&a)
        try RandomSource(seed: 4).shuffle(&b)
        XCTAssertEqual(a, b)
    }
}

/// SipHash-2-4 gives the reference code's answers, so an arena's game seeds are the keyed hash
/// the docs name.
final class SipHashTests: XCTestCase {
    func testTheReferenceVectors() {
        // The reference implementation's vectors: key 00 01 ... 0f, messages 00 01 ... (n - 1).
        let k0: UInt64 = 0x0706_0504_0302_0100, k1: UInt64 = 0x0f0e_0d0c_0b0a_0908
        XCTAssertEqual(SipHash.hash([], k0: k0, k1: k1), 0x726f_db47_dd0e_0e31)
        XCTAssertEqual(SipHash.hash([0], k0: k0, k1: k1), 0x74f8_39c5_93dc_67fd)
        XCTAssertEqual(SipHash.hash(Array(0..<8), k0: k0, k1: k1), 0x93f5_f579_9a93_2462)
        XCTAssertEqual(SipHash.hash(Array(0..<15), k0: k0, k1: k1), 0xa129_ca61_49be_45e5)
        XCTAssertEqual(SipHash.hash(0x0706_0504_0302_0100, k0: k0, k1: k1), 0x93f5_f579_9a93_2462)
    }
}
