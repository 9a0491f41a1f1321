// The pieces of the one-line JSON state every scene prints (`roundel render`): Draws' JSONText.
import Draws

/// A JSON number (JSON has no NaN or infinity: those become null).
func jsonNumber(_ x: Double) -> String { JSONText.number(x) }

/// A JSON string literal: quotes, backslashes and control characters escaped; other text as UTF-8.
func jsonString(_ s: String) -> String { JSONText.string(s) }
