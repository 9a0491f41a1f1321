// A small HTTP/1.1 client over a raw loopback socket, so the tests can send what a browser would not
// (a wrong method, a 10 MB body, a chunked body, no token) and read the status, headers and body the
// server really sent. One request a connection (`Connection: close`). `LoopbackStream` reads a
// response that stays open (server-sent events) as it arrives.
import Glibc

public struct LoopbackResponse: Sendable {
    public let status: Int
    public let headers: [String: String]   // names lowercased
    public let body: String
}

public enum LoopbackClient {
    /// Sends a request to 127.0.0.1:`port`. A body is sent in 64 KB pieces; if the server answers
    /// before all of it is sent (a 413 from the headers), the rest is not sent and the answer read.
    /// `connected` is called once the connection is made, before anything is sent.
    public static func request(port: UInt16, method: String, path: String, token: String? = nil,
                        body: [UInt8] = [], chunked: Bool = false, connected: () -> Void = {}) -> LoopbackResponse? {
        guard let fd = connect(port: port) else { return nil }
        defer { close(fd) }
        connected()
        return request(on: fd, method: method, path: path, token: token, body: body, chunked: chunked)
    }

    /// A socket connected to 127.0.0.1:`port` (nil if the connection failed), for `request(on:…)`;
    /// the caller closes it. (To hold many connections open at once before any sends its request.)
    public static func connect(port: UInt16) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Sends a request on the connected socket `fd` and reads the answer (nil: none, or the server
    /// closed the connection).
    public static func request(on fd: Int32, method: String, path: String, token: String? = nil,
                               body: [UInt8] = [], chunked: Bool = false) -> LoopbackResponse? {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if chunked { head += "Transfer-Encoding: chunked\r\n" } else if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        guard send(fd, Array(head.utf8)) else { return nil }
        var offset = 0
        while offset < body.count {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) > 0 { break }   // answered already
            let piece = Array(body[offset..<min(offset + 65536, body.count)])
            let framed = chunked ? Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8) : piece
            guard send(fd, framed) else { break }
            offset += piece.count
        }
        if chunked && offset >= body.count { _ = send(fd, Array("0\r\n\r\n".utf8)) }
        return read(fd)
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    /// The whole response's size in bytes when its head is in and declares a Content-Length.
    private static func declaredLength(_ data: [UInt8]) -> Int? {
        let end = Array("\r\n\r\n".utf8)
        guard data.count >= 4, let split = (0...(data.count - 4)).first(where: { Array(data[$0..<$0 + 4]) == end }) else { return nil }
        for line in String(decoding: data[..<split], as: UTF8.self).lowercased().split(separator: "\r\n") where line.hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingPrefix(" ")).map { split + 4 + $0 }
        }
        return nil
    }

    private static func read(_ fd: Int32) -> LoopbackResponse? {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data += buffer[..<n]
            if let expected = declaredLength(data), data.count >= expected { break }   // a server that keeps the connection open (chromedriver)
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.firstRange(of: "\r\n\r\n"), let (status, headers) = head(text[..<split.lowerBound]) else { return nil }
        return LoopbackResponse(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// The status and headers (names lowercased) of a response's head.
    static func head(_ text: Substring) -> (Int, [String: String])? {
        let lines = text.split(separator: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingPrefix(" ").description
        }
        return (status, headers)
    }
}

/// A GET whose response is read as it comes: its status and headers, then the body (chunked
/// transfer decoded) a message at a time.
public final class LoopbackStream {
    public let status: Int
    public let headers: [String: String]
    /// True once the server has ended the body (last chunk) or closed the connection.
    public private(set) var ended = false
    private let fd: Int32
    private var raw: [UInt8] = []
    private var body: [UInt8] = []

    public init?(port: UInt16, path: String, token: String?) {
        guard let fd = LoopbackClient.connect(port: port) else { return nil }
        self.fd = fd
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        var end: Int?
        if LoopbackClient.send(fd, Array((head + "\r\n").utf8)) {
            while end == nil, LoopbackStream.receive(fd, into: &raw, within: 10) == true {
                end = raw.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
            }
        }
        guard let end, let (status, headers) = LoopbackClient.head(String(decoding: raw[..<(end - 4)], as: UTF8.self)[...]) else {
            close(fd)
            return nil
        }
        self.status = status
        self.headers = headers
        raw.removeFirst(end)
        if headers["transfer-encoding"] != "chunked" {   // a refusal: its whole body, then the end
            let length = headers["content-length"].flatMap { Int($0) } ?? Int.max
            while raw.count < length, LoopbackStream.receive(fd, into: &raw, within: 10) == true {}
            body = raw
            ended = true
        }
    }

    deinit { close(fd) }

    /// The body up to and including the next blank line (one server-sent event or comment), waiting at
    /// most `seconds`; nil if none came by then, or the stream ended first. (Without chunked transfer,
    /// the whole body.)
    public func next(within seconds: Double) -> String? {
        let deadline = now() + seconds
        while true {
            decodeChunks()
            if let split = body.firstRange(of: Array("\n\n".utf8)) {
                defer { body.removeFirst(split.upperBound) }
                return String(decoding: body[..<split.upperBound], as: UTF8.self)
            }
            if ended {
                defer { body = [] }
                return body.isEmpty ? nil : String(decoding: body, as: UTF8.self)
            }
            let left = deadline - now()
            guard left > 0 else { return nil }
            switch LoopbackStream.receive(fd, into: &raw, within: left) {
            case true?: continue
            case false?: return nil
            case nil: ended = true
            }
        }
    }

    /// Moves whole chunks from `raw` to `body`; the last (empty) chunk ends the stream.
    private func decodeChunks() {
        while let line = raw.firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: raw[..<line.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else { return }
            if size == 0 {
                ended = true
                return
            }
            guard raw.count >= line.upperBound + size + 2 else { return }
            body += raw[line.upperBound..<(line.upperBound + size)]
            raw.removeFirst(line.upperBound + size + 2)
        }
    }

    /// Waits at most `seconds` for bytes and appends them to `raw`: true when some came, false when
    /// none came in time, nil when the connection was closed.
    private static func receive(_ fd: Int32, into raw: inout [UInt8], within seconds: Double) -> Bool? {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, Int32(max(1, seconds * 1000))) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        raw += buffer[..<n]
        return true
    }

    private func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
