// A real browser for the tests of the phone's control page: Debian's headless Chromium driven by its
// chromedriver over W3C WebDriver (JSON over HTTP on loopback, spoken with TestLoopback's raw-socket
// client: no dependency). The window is a phone's, 390 × 844 CSS px at scale 1. Chromium runs with
// --no-sandbox (the tests run as root here) and a profile folder of its own, removed by `quit()`.
import Foundation
import Glibc
import TestLoopback
#if canImport(XCTest)
import XCTest
#endif

public final class Browser {
    /// What went wrong talking to the browser: the command and what chromedriver said.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let driver = Process()
    private let folder: URL
    private let port: UInt16
    private var session = ""

    /// The paths of chromium and chromedriver, or the reason the browser tests cannot run. Without them
    /// the test is skipped, unless ROUNDEL_REQUIRE_BROWSER is set (CI): then it fails.
    public static func programs() throws -> (chromium: String, driver: String) {
        let search = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        func find(_ name: String) -> String? {
            search.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        let chromium = find("chromium"), driver = find("chromedriver")
        if let chromium, let driver { return (chromium, driver) }
        let missing = [chromium == nil ? "chromium" : nil, driver == nil ? "chromedriver" : nil].compactMap { $0 }
        let reason = "browser test: \(missing.joined(separator: " and ")) not installed (apt-get install chromium chromium-driver; make test installs them)"
        if ProcessInfo.processInfo.environment["ROUNDEL_REQUIRE_BROWSER"] != nil {
            throw Failure(description: reason + ", and ROUNDEL_REQUIRE_BROWSER is set")
        }
        #if canImport(XCTest)
        throw XCTSkip(reason)
        #else
        throw Failure(description: reason)
        #endif
    }

    /// Starts chromedriver on a port of its choosing and a headless Chromium of `width` × `height` CSS px.
    public init(width: Int = 390, height: Int = 844) throws {
        let programs = try Self.programs()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-browser-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // chromedriver prints "… started successfully on port N." on stdout; its log goes to a file.
        let started = folder.appendingPathComponent("chromedriver.out")
        _ = FileManager.default.createFile(atPath: started.path, contents: nil)
        driver.executableURL = URL(fileURLWithPath: programs.driver)
        driver.arguments = ["--port=0", "--log-path=" + folder.appendingPathComponent("chromedriver.log").path]
        driver.standardOutput = try FileHandle(forWritingTo: started)
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        var found: UInt16?
        for _ in 0..<200 where found == nil && driver.isRunning {
            let text = (try? String(contentsOf: started, encoding: .utf8)) ?? ""
            if let range = text.range(of: "started successfully on port ") {
                found = UInt16(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                usleep(50_000)
            }
        }
        guard let found else {
            driver.terminate()
            throw Failure(description: "chromedriver did not start (see \(started.path))")
        }
        port = found
        let options: [String: Any] = [
            "binary": programs.chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                     "--no-first-run", "--force-device-scale-factor=1", "--window-size=\(width),\(height)",
                     "--user-data-dir=" + folder.appendingPathComponent("profile").path],
        ]
        let answer = try call("POST", "/session", ["capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]])
        guard let value = answer as? [String: Any], let id = value["sessionId"] as? String else {
            quit()
            throw Failure(description: "no session from chromedriver: \(answer)")
        }
        session = id
        // The viewport, not the outer window, is the phone's screen: fit the window around it.
        let inner = try execute("return [window.innerWidth, window.innerHeight, window.outerWidth, window.outerHeight]") as? [Int] ?? []
        if inner.count == 4, inner[0] != width || inner[1] != height {
            _ = try call("POST", "/session/\(id)/window/rect", ["width": width + inner[2] - inner[0], "height": height + inner[3] - inner[1]])
        }
    }

    deinit { quit() }

    /// Ends the session (closing Chromium), stops chromedriver and removes the profile.
    public func quit() {
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)", nil) }
        session = ""
        if driver.isRunning {
            driver.terminate()
            driver.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Opens `url` and waits for it to load.
    public func open(_ url: String) throws { _ = try call("POST", "/session/\(session)/url", ["url": url]) }

    /// The address bar's URL.
    public func currentURL() throws -> String { try call("GET", "/session/\(session)/url", nil) as? String ?? "" }

    /// Runs `script` (a function body: `return …`) in the page and gives its result.
    public func execute(_ script: String, _ arguments: [Any] = []) throws -> Any {
        try call("POST", "/session/\(session)/execute/sync", ["script": script, "args": arguments])
    }

    /// The element `selector` matches (a CSS selector), by its WebDriver id.
    public func element(_ selector: String) throws -> String {
        let answer = try call("POST", "/session/\(session)/element", ["using": "css selector", "value": selector])
        guard let reference = answer as? [String: Any], let id = reference.values.first as? String else {
            throw Failure(description: "no element \(selector): \(answer)")
        }
        return id
    }

    /// Clicks the element `selector` matches, as a finger would (WebDriver scrolls it into view first).
    public func click(_ selector: String) throws {
        _ = try call("POST", "/session/\(session)/element/\(element(selector))/click", [String: Any]())
    }

    /// The text of `selector` as a user sees it (rendered, not the markup).
    public func text(_ selector: String) throws -> String {
        try call("GET", "/session/\(session)/element/\(element(selector))/text", nil) as? String ?? ""
    }

    /// Accepts a window.confirm (or alert) on screen.
    public func acceptDialog() throws { _ = try call("POST", "/session/\(session)/alert/accept", [String: Any]()) }

    /// Makes the page see `prefers-color-scheme: dark` (or light), as a phone set to dark mode
    /// (Chromium's DevTools command, through chromedriver).
    public func prefersColorScheme(_ scheme: String) throws {
        _ = try call("POST", "/session/\(session)/goog/cdp/execute", ["cmd": "Emulation.setEmulatedMedia",
            "params": ["features": [["name": "prefers-color-scheme", "value": scheme]]]])
    }

    /// The visible viewport as a PNG (scrolled to where the page is).
    public func screenshot() throws -> Data {
        guard let text = try call("GET", "/session/\(session)/screenshot", nil) as? String, let png = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return png
    }

    /// Writes a screenshot as `name` in a temporary folder (roundel-control-page), or in the
    /// repository's docs/images with RECORD=1 (the pictures the docs show); prints where.
    public static func keep(_ png: Data, as name: String) throws {
        let folder: URL
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/images")
        } else {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-control-page")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try png.write(to: folder.appendingPathComponent(name))
        print("screenshot: \(folder.appendingPathComponent(name).path)")
    }

    /// Waits up to `seconds` for `condition` to hold; the last value it saw is in the failure.
    public func wait(_ what: String, seconds: Double = 5, until condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var lastError: (any Error)?
        while Date() < deadline {
            do {
                if try condition() { return }
                lastError = nil
            } catch { lastError = error }
            usleep(50_000)
        }
        throw Failure(description: "waited \(seconds) s for \(what)" + (lastError.map { ": \($0)" } ?? ""))
    }

    /// One WebDriver command: the answer's `value`, or a Failure with WebDriver's error and message.
    private func call(_ method: String, _ path: String, _ body: Any?) throws -> Any {
        let bytes = try body.map { [UInt8](try JSONSerialization.data(withJSONObject: $0)) } ?? []
        guard let response = LoopbackClient.request(port: port, method: method, path: path, body: bytes) else {
            throw Failure(description: "\(method) \(path): chromedriver does not answer")
        }
        let decoded = try? JSONSerialization.jsonObject(with: Data(response.body.utf8), options: [.fragmentsAllowed])
        let value = (decoded as? [String: Any])?["value"] ?? NSNull()
        guard response.status == 200 else {
            let error = value as? [String: Any]
            throw Failure(description: "\(method) \(path): \(response.status) \(error?["error"] ?? "") \(error?["message"] ?? response.body)")
        }
        return value
    }
}
