// libFuzzer harness: a names list's bytes (a file, a paste, a drop) → the names parser. See FuzzConfig.
import FuzzSupport
import Draws

let fuzzNames: FuzzInput = { data, size in
    _ = try? NamesFile.parse(Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz.txt")
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzNames(data, size) }

@_cdecl("FuzzNames_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzNames)
}
