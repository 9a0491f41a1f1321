// libFuzzer harness: BDF font bytes → the BDF parser (every line checked) and a glyph drawn. See FuzzConfig.
import FuzzSupport
import BitmapFont

let fuzzBDF: FuzzInput = { data, size in
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let font = try? BitmapFont(data: bytes, format: .bdf, name: "fuzz.bdf") {
        for scalar in ["A", "g", "가", "€"] as [Unicode.Scalar] { _ = font.glyph(for: scalar) }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBDF(data, size) }

@_cdecl("FuzzBDF_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzBDF)
}
