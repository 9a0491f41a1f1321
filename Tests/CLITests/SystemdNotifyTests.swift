// Under systemd (Type=notify, WatchdogSec=) Roundel says READY=1 once its first frame is shown and
// pings WATCHDOG=1 from its loop, idle or not. A datagram socket stands in for systemd's NOTIFY_SOCKET.
import Foundation
import XCTest

final class SystemdNotifyTests: XCTestCase {
    func testReadyAfterTheFirstFrameThenWatchdogPingsWhileIdle() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-notify-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/notify"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, b) in path.utf8.enumerated() { buffer[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, String(cString: strerror(errno)))

        // systemd reads as messages come (a socket's queue holds only a few datagrams).
        var timeout = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let collected = Messages()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while !collected.done {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n > 0 { collected.add(String(decoding: buffer[..<n], as: UTF8.self)) }
            }
        }
        reader.start()
        let r = try RoundelBinary().run(["run", "--state", dir + "/s.db", "--size", "64x48", "--screenshot", dir + "/shot.png", "--after", "1.2"],
                                       environment: ["SDL_VIDEODRIVER": "dummy", "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "200000"])
        XCTAssertEqual(r.status, 0, r.stderr)
        Thread.sleep(forTimeInterval: 0.2)
        collected.done = true
        Thread.sleep(forTimeInterval: 0.1)
        let messages = collected.all
        XCTAssertEqual(messages.first, "READY=1", "\(messages)")
        XCTAssertGreaterThanOrEqual(messages.filter { $0 == "WATCHDOG=1" }.count, 5,
                                    "every 0.1 s (half of WATCHDOG_USEC) over 1.2 s of an idle wheel: \(messages)")
    }
}

/// Messages read on another thread.
final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    private var stopped = false
    var done: Bool {
        get { lock.lock(); defer { lock.unlock() }; return stopped }
        set { lock.lock(); stopped = newValue; lock.unlock() }
    }
    func add(_ message: String) { lock.lock(); list.append(message); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
