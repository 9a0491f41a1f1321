// The link a phone opens to control the kiosk: `http://ADDRESS:PORT/#token=TOKEN`. The token rides in
// the fragment, which a browser never sends: the page reads it and sends it as `Authorization: Bearer`.
// ADDRESS is the listen address when it names one; a server listening on every interface (0.0.0.0,
// [::]) is reached from a phone on the LAN by this machine's first IPv4 address that is not loopback.
import Glibc

public enum PhoneLink {
    /// The link for a server on `listen` ("HOST:PORT", "[IPv6]:PORT"), `interfaces` being this
    /// machine's IPv4 addresses in order (`interfaceAddresses()`). Throws for a listen address the
    /// server would refuse, or port 0 (any port: the link cannot know which).
    public static func url(listen: String, interfaces: [String], token: ControlToken) throws(ControlError) -> String {
        _ = try ListenAddress(listen)   // the same refusal, in the same words, as the server's
        let colon = listen.lastIndex(of: ":")!   // ListenAddress found one
        let port = String(listen[listen.index(after: colon)...])
        guard UInt16(port) != 0 else {
            throw ControlError("control: listen \"\(listen)\" has port 0 (any port): a link needs the port, give one like 8765")
        }
        var host = String(listen[..<colon])
        let isIPv6 = host.hasPrefix("[")
        if host == "localhost" {
            host = "127.0.0.1"
        } else if isEveryInterface(host) {
            // No network yet (a kiosk before its Wi-Fi): loopback, which at least works on the machine.
            host = interfaces.first { !$0.hasPrefix("127.") && $0 != "0.0.0.0" } ?? (isIPv6 ? "[::1]" : "127.0.0.1")
        }
        return "http://\(host):\(UInt16(port)!)/#token=\(escaped(token.value))"
    }

    /// Whether `host` (as in a listen address, IPv6 in brackets) is 0.0.0.0 or ::, every interface.
    static func isEveryInterface(_ host: String) -> Bool {
        if host.hasPrefix("[") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address) == 1 else { return false }
            return withUnsafeBytes(of: &address) { $0.allSatisfy { $0 == 0 } }
        }
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1 && address.s_addr == 0
    }

    /// This machine's IPv4 addresses of interfaces that are up, in the system's order (getifaddrs).
    public static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var next: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                var bytes = ipv4.pointee.sin_addr
                return inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count)) != nil
            }
            if written { addresses.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return addresses
    }

    /// `text` with everything but letters, digits and - . _ ~ percent-encoded (a token file may hold
    /// any printable ASCII; `#`, `&` or `%` would change what the page reads).
    static func escaped(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
