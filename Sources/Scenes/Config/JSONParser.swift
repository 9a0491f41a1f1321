// Parses a config file's UTF-8 bytes into a JSONValue, so the product needs no full Foundation
// (JSONSerialization costs ~7 MB of resident memory). It accepts what Foundation's
// JSONSerialization accepted and words its errors the same way ("Invalid value around character
// 24."), offsets counting bytes from 0: a trailing comma before `]` or `}` is allowed, at most 512
// arrays and objects nest, a number too big for a Double is refused, the top level is an object or
// a list. JSONParserTests checks the agreement with JSONSerialization on a corpus of documents.

/// Why a document is not JSON: Foundation's wording, and the byte offset it names, if any.
package struct JSONSyntaxError: Error, Equatable {
    package let message: String
    package let offset: Int?
}

package struct JSONParser {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses a whole document: an object or a list, with nothing but whitespace after it.
    package static func parse(_ data: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(data))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 } // a UTF-8 byte order mark
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let first = try skipWhitespace()
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            if isValueStart(first) { _ = try parseValue() }
            throw JSONSyntaxError(message: "JSON text did not start with array or object and option to allow fragments not set.", offset: nil)
        }
        let value = try parseValue()
        while index < bytes.count {
            guard isWhitespace(bytes[index]) else { throw invalidValue(at: index) }
            index += 1
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        let byte = try skipWhitespace()
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw invalidValue(at: index)
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if try skipWhitespace() == UInt8(ascii: "]") { index += 1; return elements }
        while true {
            elements.append(try parseValue())
            if try endOfContainer(UInt8(ascii: "]")) { return elements }
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> [String: JSONValue] {
        try enterContainer()
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        if try skipWhitespace() == UInt8(ascii: "}") { index += 1; return members }
        while true {
            guard try skipWhitespace() == UInt8(ascii: "\"") else { throw invalidValue(at: index) }
            let key = try parseString()
            guard try skipWhitespace() == UInt8(ascii: ":") else { throw invalidValue(at: index) }
            index += 1
            members[key] = try parseValue()
            if try endOfContainer(UInt8(ascii: "}")) { return members }
        }
    }

    /// Steps over the opening bracket, refusing the 513th level of nesting.
    private mutating func enterContainer() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(message: "Too many nested arrays or dictionaries around character \(index + 1).", offset: index + 1)
        }
        depth += 1
        index += 1
    }

    /// After an element: true at the closing bracket (also after a trailing comma), false after a
    /// comma with more to come.
    private mutating func endOfContainer(_ closing: UInt8) throws(JSONSyntaxError) -> Bool {
        let byte = try skipWhitespace()
        if byte == closing { index += 1; return true }
        guard byte == UInt8(ascii: ",") else { throw invalidValue(at: index) }
        index += 1
        if try skipWhitespace() == closing { index += 1; return true }
        return false
    }

    /// `true`, `false` or `null`. A wrong letter is an invalid value, unless it was the file's last
    /// byte (Foundation then reports the end of the file).
    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for letter in letters {
            guard index < bytes.count else { throw Self.endOfFile }
            let byte = bytes[index]
            index += 1
            guard byte == letter else { throw index == bytes.count ? Self.endOfFile : invalidValue(at: index - 1) }
        }
    }

    // MARK: Strings

    /// A string from its opening quote to its closing one, escapes decoded. Each run of bytes
    /// between escapes must be valid UTF-8.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var text = ""
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                text += try decodeRun(runStart..<index)
                index += 1
                return text
            case 0..<0x20:
                _ = try decodeRun(runStart..<index)
                throw JSONSyntaxError(message: "Unescaped control character around character \(index).", offset: index)
            case UInt8(ascii: "\\"):
                text += try decodeRun(runStart..<index)
                text.unicodeScalars.append(try parseEscape())
                runStart = index
            default:
                index += 1
            }
        }
        throw Self.endOfFile
    }

    private func decodeRun(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
        guard let run = String(validating: bytes[range], as: UTF8.self) else {
            throw JSONSyntaxError(message: "Invalid UTF-8 sequence \(range.count) bytes starting from character \(range.lowerBound).",
                                  offset: range.lowerBound)
        }
        return run
    }

    /// One escape, from its backslash: `\n`, `\"`, `\u00e9`, or a `\ud83d\ude00` surrogate pair.
    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let backslash = index
        index += 1
        guard index < bytes.count else { throw Self.endOfFile }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default: throw JSONSyntaxError(message: "Invalid escape sequence around character \(backslash).", offset: backslash)
        }
        let unit = try parseHex4()
        if unit & 0xFC00 == 0xD800 {
            let missingLow = JSONSyntaxError(
                message: "Unexpected end of file during string parse (expected low-surrogate code point but did not find one).", offset: nil)
            guard index + 2 <= bytes.count else { throw Self.endOfFile }
            guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { index += 2; throw missingLow }
            index += 2
            let low = try parseHex4()
            guard low & 0xFC00 == 0xDC00 else { throw missingLow }
            let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
            if let scalar = Unicode.Scalar(value) { return scalar }
        } else if let scalar = Unicode.Scalar(unit) {
            return scalar
        }
        throw JSONSyntaxError(message: "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.", offset: nil)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        guard index + 4 <= bytes.count else { index = bytes.count; throw Self.endOfFile }
        let digits = bytes[index..<index + 4]
        guard digits.allSatisfy(isHexDigit), let value = UInt16(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw JSONSyntaxError(message: "Invalid hex encoded sequence in \"\(String(decoding: digits, as: UTF8.self))\" at \(index).", offset: nil)
        }
        index += 4
        return value
    }

    // MARK: Numbers

    /// RFC 8259's number grammar (no leading zeros, no `+`, no bare `.5` or `1.`), converted by
    /// Double(_:). An integer spelled `-0` is 0, as Foundation reads it as an integer.
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        enum Part { case integer, fraction, exponentSign, exponent }
        let start = index
        var part = Part.integer
        var digits = 0, leadingZero = false
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        scan: while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if leadingZero { throw JSONSyntaxError(message: "Number with leading zero around character \(index).", offset: index) }
                if part == .exponentSign { part = .exponent }
                if part == .integer, digits == 0, byte == UInt8(ascii: "0") { leadingZero = true }
                digits += 1
            case UInt8(ascii: "."):
                guard part == .integer, digits > 0 else { throw invalidValue(at: index) }
                part = .fraction; digits = 0; leadingZero = false
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard part == .integer || part == .fraction, digits > 0 else { throw invalidValue(at: index) }
                part = .exponentSign; digits = 0; leadingZero = false
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard part == .exponentSign, digits == 0 else { throw invalidValue(at: index) }
                part = .exponent
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                break scan
            case _ where isWhitespace(byte):
                break scan
            default:
                throw invalidValue(at: index)
            }
            index += 1
        }
        guard digits > 0 else { throw index < bytes.count ? invalidValue(at: index) : Self.endOfFile }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(message: "Number \(text) is not representable in Swift.", offset: start)
        }
        return part == .integer && value == 0 ? 0 : value
    }

    // MARK: Bytes

    /// Skips spaces, tabs and line breaks and returns the next byte (which it does not consume).
    private mutating func skipWhitespace() throws(JSONSyntaxError) -> UInt8 {
        while index < bytes.count {
            if !isWhitespace(bytes[index]) { return bytes[index] }
            index += 1
        }
        throw Self.endOfFile
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private func isValueStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    private func invalidValue(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: "Invalid value around character \(offset).", offset: offset)
    }

    private static let endOfFile = JSONSyntaxError(message: "Unexpected end of file during JSON parse.", offset: nil)
}
