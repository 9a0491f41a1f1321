// libFuzzer harness: PNG bytes → the chunk filter and libpng's simplified reader. See FuzzConfig.
import FuzzSupport
import PNGCodec

let fuzzPNG: FuzzInput = { data, size in
    // 4096 px a side, as a config's ring image is read.
    _ = try? decodePNG(bytes: Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz.png", maxSide: 4096)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzPNG(data, size) }

@_cdecl("FuzzPNG_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzPNG)
}
