@testable import GameServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What makes `gamehost serve` stop at once: the waker connects to the socket the server
/// listens on, given as the server was (an address to listen on everywhere is reached through
/// the loopback address), until it is stopped.
final class ListenerWakerTests: XCTestCase {
    /// A socket listening on 127.0.0.1 at a free port: its descriptor and port.
    func listening() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw XCTSkip("cannot listen on 127.0.0.1") }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Whether a connection comes to `fd` within 10 s (a guard, not a measure).
    func accepts(_ fd: Int32) -> Bool {
        var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pending, 1, 10_000) == 1 else { return false }
        let connection = accept(fd, nil, nil)
        if connection >= 0 { close(connection) }
        return connection >= 0
    }

    func testTheWakerConnectsToTheListeningAddressAsTheServerWasGivenIt() throws {
        for given in ["127.0.0.1", "0.0.0.0", ""] {
            let (fd, port) = try listening()
            defer { close(fd) }
            let waker = ListenerWaker(address: given, port: port)
            waker.start()
            XCTAssertTrue(accepts(fd), "no connection to '\(given)'")
            XCTAssertTrue(accepts(fd), "connections go on until stopped: '\(given)'")
            waker.stop()
        }
    }
}
