#if canImport(Glibc)
import Glibc
#endif

/// A thread that runs `body` every `seconds` until it returns false (the server's expiry).
enum Repeating {
    static func every(seconds: Double, _ body: @escaping @Sendable () -> Bool) {
        final class Box: Sendable {
            let body: @Sendable () -> Bool
            let seconds: Double
            init(_ body: @escaping @Sendable () -> Bool, _ seconds: Double) { self.body = body; self.seconds = seconds }
        }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body, seconds)).toOpaque()
        pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            repeat {
                var pause = timespec(tv_sec: Int(box.seconds), tv_nsec: Int((box.seconds - Double(Int(box.seconds))) * 1e9))
                var left = timespec()
                while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
            } while box.body()
            return nil
        }, box)
        pthread_detach(thread)
    }
}
