@testable import GameCore
import XCTest

/// A list's lines are counted before it is read, to size its tables: the count is its newlines
/// and one, at any length and wherever the newlines fall (one too few would leave a table too
/// small for the list).
final class WordListLineCountTests: XCTestCase {
    func testTheLineCountIsTheNewlinesAndOne() {
        let random = RandomSource(seed: 31)  // seeded: a failure is the same each run
        for length in [0, 1, 15, 16, 17, 31, 32, 33, 100, 4095, 4096, 4097, 5000, 70_000] {
            // No newline, one in about `every` bytes, or nothing but newlines (each place's count
            // then passes 255, what one round of counting holds).
            for every in [0, 1, 8, 100] {
                let bytes: [UInt8] = (0..<length).map { _ in
                    every > 0 && random.next() % UInt64(every) == 0 ? 10 : UInt8(11 + random.next() % 245)
                }
                let counted = bytes.withUnsafeBufferPointer { WordList.Reader.lineCount($0) }
                XCTAssertEqual(counted, bytes.filter { $0 == 10 }.count + 1, "\(length) bytes, a newline in about \(every)")
            }
        }
    }
}
