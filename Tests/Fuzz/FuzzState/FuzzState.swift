// libFuzzer harness: a state database's bytes → opened for reading and its history read and verified,
// as `roundel history` does with a file someone damaged (each event's draws and summary printed, a
// time that is not one included), and read as `render --state [--draw N]` reads it. See FuzzConfig.
import FuzzSupport
import Draws
#if canImport(Glibc)
import Glibc
#endif

nonisolated(unsafe) let path = "/tmp/roundel-fuzz-state-\(getpid()).db"

let fuzzState: FuzzInput = { data, size in
    unlink(path + "-wal"); unlink(path + "-shm"); unlink(path + "-journal")
    guard let file = fopen(path, "wb") else { return 0 }
    fwrite(data, 1, size, file)
    fclose(file)
    if let ledger = try? Ledger.openForReading(path: path) {
        _ = try? ledger.history()
        _ = try? ledger.closedEvents()
        _ = try? ledger.verify()
        _ = try? ledger.winnings()
        _ = try? ledger.latestRound()
        // As `render --state` and `--draw N` read it, and a replay makes the draw again.
        if let now = try? ledger.standingNow() { _ = try? Raffle(entries: [Entry(text: "a")], showing: now) }
        for n in [1, 2, Int.max] {
            if let before = try? ledger.standing(beforeDraw: n), let raffle = try? Raffle(entries: [Entry(text: "a")], showing: before) {
                _ = raffle.replayRecordedDraw()
            }
        }
        // What `history --event N --summary` reads, for every event the file names.
        let closed = (try? ledger.closedEvents()) ?? []
        for event in ((try? ledger.eventNumbers()) ?? []).prefix(64) {
            let draws = (try? ledger.history(event: event)) ?? []
            let summary = EventSummary(event: event, closed: closed.contains(event), list: try? ledger.latestRound(inEvent: event), draws: draws)
            _ = summary.jsonLine + summary.csvRows
            for draw in draws { _ = draw.jsonLine + draw.csvRow }
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzState(data, size) }

@_cdecl("FuzzState_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzzState)
}
