// A setting changed in the window, as the state database keeps it: its value, and the config's value
// of that setting when it was changed (`base`). The window runs the kept value until the config file
// itself changes that setting, so an edit of the file is never hidden by an older change in the window.
// Values are the words a config file uses ("remove", "8", "on"): Draws knows nothing of what they mean.

public struct KeptSetting: Sendable, Equatable {
    public var value: String
    public var base: String

    public init(value: String, base: String) {
        self.value = value
        self.base = base
    }
}
