// The address the control server listens on, from "HOST:PORT" (a numeric IPv4 address or "localhost")
// or "[IPv6]:PORT". Only numeric addresses and localhost: no name lookups at start. The default the
// config will give is loopback; a LAN address must be written out.
import Glibc

struct ListenAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    init(_ text: String) throws(ControlError) {
        let bad = ControlError("control: listen \"\(ControlRoutes.printable(text))\" must be HOST:PORT (127.0.0.1:8080, [::1]:8080)")
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { throw bad }
        var host = String(text[..<colon])
        if host == "localhost" { host = "127.0.0.1" }
        if host.hasPrefix("["), host.hasSuffix("]") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address.sin6_addr) == 1 else { throw bad }
            isIPv6 = true
            store(address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw bad }
            isIPv6 = false
            store(address)
        }
    }

    private mutating func store<Address>(_ address: Address) {
        withUnsafeBytes(of: address) { source in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
        }
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>) -> R) -> R {
        var copy = storage
        return withUnsafePointer(to: &copy) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
