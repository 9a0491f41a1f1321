// A private Xvfb server for tests that need a real X11 display (HostTests' real window, CLITests'
// kiosk driven with xdotool): on a display number of its own, stopped by `stop()`.
import Foundation

/// An Xvfb server on a free display number, stopped by `stop()`.
public final class VirtualDisplay {
    public let process = Process()
    /// ":N", as DISPLAY expects.
    public private(set) var name = ""

    /// The path of the Xvfb executable, or nil when it is not installed.
    public static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/Xvfb" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts Xvfb with `-displayfd`, which writes the display number once the server accepts
    /// connections: no polling for the socket, no clash with a display number already in use.
    public init(executable: String, screen: String = "800x600x24") throws {
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

    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    public struct XvfbFailed: Error, CustomStringConvertible {
        public var description: String { "Xvfb exited before accepting connections" }
    }
}
