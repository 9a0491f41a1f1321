// Which kiosk made a draw: a short name recorded with each draw (`--station`, the config's `station`,
// else the machine's host name), so a record several kiosks share says where each prize went.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Ledger {
    /// The most characters a station's name may have.
    public static let stationLimit = 64

    /// What is wrong with `name` as a station's name, nil when nothing is.
    public static func stationProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty (give a short name for this kiosk, like \"booth-2\")" }
        if name.count > stationLimit { return "is \(name.count) characters long; at most \(stationLimit)" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "holds a control character" }
        return nil
    }

    /// This machine's host name ("localhost" when it has none).
    public static func defaultStation() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return stationProblem(name) == nil ? name : "localhost"
    }
}
