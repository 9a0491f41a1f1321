// What the control API uses when the config does not say.

public enum ControlDefaults {
    /// Loopback only: a phone on the network needs a LAN address (or 0.0.0.0) written out.
    public static let listen = "127.0.0.1:8765"
}
