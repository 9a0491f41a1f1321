// The config parser against Foundation's JSONSerialization, which it replaced: on every document
// below both accept the same values or both refuse with the same message.
import Foundation
@testable import Scenes
import XCTest

final class JSONParserTests: XCTestCase {
    static let documents: [String] = [
        #"{}"#, #"[]"#, #" { "a" : [ 1 , 2.5 , -3e2 , true , false , null , "x" ] } "#,
        #"{"a": 1, "a": 2}"#, #"{"a": [1,], "b": {"c": 1,},}"#, #"{"a": -0}"#, #"{"a": -0.0}"#, #"{"a": 0.1}"#,
        #"{"a": 12345678901234567890}"#, #"{"a": 9007199254740993}"#, #"{"a": 1E5}"#, #"{"a": 1e-400}"#, #"{"a": 1e05}"#,
        #"{"a": 1e999}"#, #"{"a": -1e400}"#, #"{"a": 01}"#, #"{"a": -01}"#, #"{"a": 1.}"#, #"{"a": .5}"#, #"{"a": 1e}"#,
        #"{"a": 1e+}"#, #"{"a": +1}"#, #"{"a": -}"#, #"{"a": 1.e5}"#, #"{"a": 1e5.5}"#, #"{"a": 1x}"#, #"{"a": 1"#,
        #"{"a": tru}"#, #"{"a": tru }"#, #"{"a": nul"#, #"{"a": falsy}"#,
        #"{a: 1}"#, #"{"a" 1}"#, #"{"a": [1 2]}"#, #"{"a": 1} x"#, #"{"a": 1}"# + "\n\n", "", "  ", "5", #""a""#, "nul",
        "{\"wheel\": {\n  \"items\": [,]\n}}", #"{"wheel": {"items": [1,]"#, #"[,]"#, #"{,}"#, #"[1,,]"#,
        #"{"a": "x\q"}"#, #"{"a": "\u00e9\n\t\"\\\/\b\f\r"}"#, #"{"a": "\ud83d\ude00"}"#, #"{"a": "\ud800"}"#,
        #"{"a": "\ud800\u0041"}"#, #"{"a": "\udc00"}"#, #"{"a": "\u12G4"}"#, #"{"a": "\u12"#, #"{"a": "abc"#,
        "{\"a\": \"\t\"}", #"{"a": "\u0000"}"#, #"{"가": "꽝"}"#,
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
    ]

    func testAgreesWithJSONSerialization() {
        var inputs = Self.documents.map { Array($0.utf8) }
        inputs.append([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])                           // {"\xFF":1}
        inputs.append(Array(#"{"a": "ok\n"#.utf8) + [0xC3] + Array(#"", "b": 1}"#.utf8))    // a cut UTF-8 sequence after an escape
        inputs.append([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))                         // byte order mark
        for bytes in inputs {
            let text = String(decoding: bytes, as: UTF8.self)
            let expected: Outcome
            do { expected = .value(Self.value(try JSONSerialization.jsonObject(with: Data(bytes)))) } catch {
                expected = .error((error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)")
            }
            let got: Outcome
            do { got = .value(try JSONParser.parse(bytes)) } catch { got = .error(error.message) }
            XCTAssertEqual(got, expected, text)
        }
    }

    func testAnOffsetBecomesALineAndAColumn() throws {
        do { _ = try ConfigFile.parse(Data("{\"wheel\": {\n  \"items\": [,]\n}}".utf8), file: "f.json", baseDirectory: "."); XCTFail() } catch {
            XCTAssertEqual(error.problem, "not valid JSON: Invalid value around character 24. (line 2, column 13)")
        }
    }

    /// JSONSerialization's tree as a JSONValue (booleans are the two NSNumber singletons).
    static func value(_ any: Any) -> JSONValue {
        switch any {
        case is NSNull: return .null
        case let s as String: return .string(s)
        case let n as NSNumber:
            if n === NSNumber(value: true) || n === NSNumber(value: false) { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        case let a as [Any]: return .array(a.map(value))
        case let o as [String: Any]: return .object(o.mapValues(value))
        default: return .string("unexpected \(type(of: any))")
        }
    }
}

/// A parse's value or its error message.
enum Outcome: Equatable {
    case value(JSONValue)
    case error(String)
}
