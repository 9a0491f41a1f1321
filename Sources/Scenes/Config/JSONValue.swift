// A parsed JSON document as config readers see it: every number is a Double (config values are
// measures, not counters), booleans are their own case so `"weight": true` is "not a number", and
// an object is a dictionary (a repeated key keeps its last value; key order does not matter).

package enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// What a message calls this kind of value: "must be a number, not a string".
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "true/false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
