// Test plumbing for SDL's process-global state: environment variables SDL reads at SDL_Init (set
// around one test and restored). The private Xvfb server for real-window tests is TestDisplay's.
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
