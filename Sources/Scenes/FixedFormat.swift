// Decimal text with a fixed number of fraction digits, exactly as printf's `%*.*f` writes it (the C
// locale: "." as the separator), for bench tables and the cairo bench description without
// Foundation's String(format:).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `x` with `digits` fraction digits, right-aligned in at least `width` characters:
/// `formatFixed(3.14159, digits: 3, width: 8)` → "   3.142"; NaN → "nan", infinity → "inf".
public func formatFixed(_ x: Double, digits: Int, width: Int = 0) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    var length = 0
    while true {
        length = Int(withVaList([Int32(width), Int32(digits), x]) { vsnprintf(&buffer, buffer.count, "%*.*f", $0) })
        guard length >= buffer.count else { break }
        buffer = [CChar](repeating: 0, count: length + 1)
    }
    return String(decoding: buffer.prefix(max(length, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
