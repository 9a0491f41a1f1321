// Test plumbing for SDL's process-global state: environment variables SDL reads at SDL_Init (set
// around one test and restored), and a private Xvfb server for the real-window test.
import Foundation

/// Runs `body` with `variables` set (nil unsets), then restores the previous values.
func withEnvironment<T>(_ variables: [String: String?], _ body: () throws -> T) rethrows -> T {
    var saved: [String: String?] = [:]
    for (name, value) in variables {
        saved[name] = getenv(name).map { String(cString: $0) }
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
    defer {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }
    return try body()
}

/// An Xvfb server on a free display number, stopped by `stop()`.
final class VirtualDisplay {
    let process = Process()
    /// ":N", as DISPLAY expects.
    private(set) var name = ""

    /// The path of the Xvfb executable, or nil when it is not installed.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/Xvfb" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts Xvfb with `-displayfd`, which writes the display number once the server accepts
    /// connections: no polling for the socket, no clash with a display number already in use.
    init(executable: String, screen: String = "800x600x24") throws {
        let ready = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"]
        process.standardOutput = ready
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = ready.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // Xvfb exited before it was ready
            text += String(decoding: chunk, as: UTF8.self)
        }
        let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty, Int(number) != nil else {
            stop()
            throw XvfbFailed()
        }
        name = ":" + number
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    struct XvfbFailed: Error, CustomStringConvertible {
        var description: String { "Xvfb exited before accepting connections" }
    }
}
