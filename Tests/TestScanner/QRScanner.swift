// A real QR decoder for the tests: ZBar's zbarimg (Debian zbar-tools, which `make test` installs) on a
// PNG, as a phone's camera would read the picture. Only in tests.
import Foundation

public enum QRScanner {
    /// zbarimg's path, or nil when zbar-tools is not installed.
    public static let zbarimg: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The texts of the QR codes zbarimg finds in the PNG at `path` ([] when it finds none).
    public static func decode(pngAt path: String) throws -> [String] {
        guard let zbarimg else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        // --raw: each code's text alone; -Sdisable -Sqrcode.enable: QR codes only; -q: no summary.
        process.arguments = ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }   // 4: no code found
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
