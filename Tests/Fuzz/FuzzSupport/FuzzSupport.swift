// What every libFuzzer harness shares. SwiftPM links an executable with its entry point renamed to
// `<Target>_main`: each harness defines that symbol and hands its one-input function to libFuzzer's
// driver, which parses the usual flags (-max_total_time, -rss_limit_mb, corpus folders); it also
// defines LLVMFuzzerTestOneInput, which libFuzzer's own main (linked from its archive) names.

public typealias FuzzInput = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: FuzzInput) -> CInt

/// Runs libFuzzer on `input` with the process's arguments.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ input: FuzzInput) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, input)
}
