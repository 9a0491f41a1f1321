// A small HTTP/1.1 client over a raw loopback socket, so the tests can send what a browser would not
// (a wrong method, a 10 MB body, a chunked body, no token) and read the status, headers and body the
// server really sent. One request a connection (`Connection: close`).
import Glibc

public struct LoopbackResponse: Sendable {
    public let status: Int
    public let headers: [String: String]   // names lowercased
    public let body: String
}

public enum LoopbackClient {
    /// Sends a request to 127.0.0.1:`port`. A body is sent in 64 KB pieces; if the server answers
    /// before all of it is sent (a 413 from the headers), the rest is not sent and the answer read.
    public static func request(port: UInt16, method: String, path: String, token: String? = nil,
                        body: [UInt8] = [], chunked: Bool = false) -> LoopbackResponse? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
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

    private static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
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
        guard let split = text.firstRange(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].split(separator: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingPrefix(" ").description
        }
        return LoopbackResponse(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}
