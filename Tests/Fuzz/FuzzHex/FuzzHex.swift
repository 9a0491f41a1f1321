// libFuzzer harness: GNU Unifont .hex bytes → the .hex parser, checked and on trust. See FuzzConfig.
import FuzzSupport
import BitmapFont

let fuzzHex: FuzzInput = { data, size in
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let font = try? BitmapFont(data: bytes, format: .hex, name: "fuzz.hex") {
        for scalar in ["A", "가", "\u{1F381}"] as [Unicode.Scalar] { _ = font.glyph(for: scalar) }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzHex(data, size) }

@_cdecl("FuzzHex_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzHex)
}
