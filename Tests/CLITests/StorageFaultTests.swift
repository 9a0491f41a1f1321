// The record on the storage a Raspberry Pi really has: a small ext4 with 1 KiB blocks (mke2fs's
// default under 512 MB) filled to the last block, a card remounted read-only, and a record left by an
// earlier Roundel in WAL mode. Loop-mounted file systems made by the test (root: CI runs as root).
// What a user would notice: no crash (SIGBUS from SQLite's mapped WAL index killed the kiosk at start,
// `history`, and a `spin` after it had committed its draw), one line and exit 2 when a draw cannot be
// recorded, every draw that was printed in the history, and `history` reading whatever can be read.
import Foundation
import PNGCodec
import XCTest

/// An ext4 file system in a file, loop-mounted on a folder of its own; unmounted by `remove()`.
final class LoopDisk {
    let image: String
    let mountPoint: String

    init(folder: String, megabytes: Int, blockSize: Int) throws {
        guard getuid() == 0 else { throw XCTSkip("loop mounts need root (CI runs as root)") }
        image = folder + "/disk.img"
        mountPoint = folder + "/mnt"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: image, contents: nil)
        XCTAssertEqual(truncate(image, off_t(megabytes << 20)), 0)
        // No blocks reserved for root (the tests run as root): "free" is what any writer gets.
        try LoopDisk.run("/sbin/mkfs.ext4", ["-q", "-F", "-m", "0", "-b", String(blockSize), image])
        try LoopDisk.run("/bin/mount", ["-o", "loop", image, mountPoint])
    }

    func remount(readOnly: Bool) throws { try LoopDisk.run("/bin/mount", ["-o", "remount," + (readOnly ? "ro" : "rw"), mountPoint]) }

    /// Fills the file system (a file of zeros, as logs or photos would) but for `free` KiB.
    func fill(leaving free: Int = 0) {
        let filler = mountPoint + "/filler"
        unlink(filler)
        let fd = open(filler, O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0, count: 1024)
        var size = 0
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 { size += 1024 }
        _ = ftruncate(fd, off_t(max(0, size - free * 1024)))
        fsync(fd)
        close(fd)
    }

    func remove() {
        _ = try? LoopDisk.run("/bin/umount", [mountPoint])
        try? FileManager.default.removeItem(atPath: image)
    }

    struct Failed: Error, CustomStringConvertible { let description: String }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(description: "\(tool) \(arguments): \(text)") }
        return text
    }
}

final class StorageFaultTests: XCTestCase {
    let cli = RoundelBinary()
    var dir = ""
    var disk: LoopDisk?

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-storage-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws {
        disk?.remove()
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// The draw numbers and texts `history --json` lists, and its status.
    func history(_ state: String) throws -> (draws: [Int], status: Int32, stderr: String) {
        let r = try cli.run(["history", "--state", state, "--json"])
        let draws = r.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["draw"] as? Int
        }
        return (draws, r.status, r.stderr)
    }

    /// Puts `state` in WAL mode with a change left in its WAL and index, as a kiosk of an earlier
    /// Roundel killed while it ran left it (python3's sqlite3, which exits without closing the file).
    func leaveAWAL(in state: String, asNobody: Bool = false) throws {
        let script = """
            import sqlite3, os
            c = sqlite3.connect('\(state)', isolation_level=None)
            c.execute('PRAGMA journal_mode=WAL'); c.execute('PRAGMA wal_autocheckpoint=0')
            c.execute('UPDATE events SET opened = opened')
            os._exit(0)
            """
        let user = asNobody ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let command = user + ["/usr/bin/python3", "-c", script]
        try LoopDisk.run(command[0], Array(command.dropFirst()))
    }

    /// A kiosk started on a nearly full disk of 1 KiB blocks shows its wheel, and spins go on while
    /// the file has room and then each says the disk is full in one line; every draw printed is in
    /// the history, which reads the full disk too. Before, SQLite's WAL index (`-shm`, mapped and
    /// grown with holes a 1 KiB-block file system cannot always fill) killed a spin with SIGBUS after
    /// it had committed its draw (with 32–40 KiB free here), and history said "disk I/O error".
    func testANearlyFullDiskOfSmallBlocksNeverCrashesAndLosesNoPrintedDraw() throws {
        let disk = try LoopDisk(folder: dir, megabytes: 4, blockSize: 1024)
        self.disk = disk
        let state = disk.mountPoint + "/roundel.db"
        let first = try cli.run(["spin", "--state", state, "--seed", "1"])
        XCTAssertEqual(first.status, 0, first.stderr)
        var printed = [1]
        var seed = 1
        for free in [0, 1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 64] {
            disk.fill(leaving: free)
            let kiosk = try cli.run(["run", "--kiosk", "--state", state, "--screenshot", dir + "/kiosk.png", "--after", "0.3"],
                                    environment: ["SDL_VIDEODRIVER": "dummy"])
            XCTAssertEqual(kiosk.status, 0, "\(free) KiB free: the kiosk ran until its screenshot: \(kiosk.stderr)")
            var refused = false
            for _ in 0..<12 where !refused {
                seed += 1
                let r = try cli.run(["spin", "--state", state, "--seed", String(seed)])
                if r.status == 0 {
                    let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
                    printed.append(try XCTUnwrap(object?["draw"] as? Int, r.stdout))
                } else {
                    XCTAssertEqual(r.status, 2, "\(free) KiB free: a clean refusal, not a crash: \(r.stderr)")
                    XCTAssertEqual(r.stderr, "roundel: state '\(state)': could not record the draw: the disk is full\n")
                    XCTAssertEqual(r.stdout, "")
                    refused = true
                }
            }
            let h = try history(state)
            XCTAssertEqual(h.status, 0, "\(free) KiB free: \(h.stderr)")
            XCTAssertEqual(h.draws, printed, "\(free) KiB free: every printed draw is on disk, and nothing else")
        }
        XCTAssertGreaterThan(printed.count, 12, "drawing went on while the file had room")
    }

    /// A card remounted read-only: `history` lists every draw and `spin` says why it cannot draw
    /// (one line, exit 2); remounted writable, drawing goes on at once under the next number.
    func testAReadOnlyCardIsReadAndDrawingResumesWhenItIsWritableAgain() throws {
        let disk = try LoopDisk(folder: dir, megabytes: 4, blockSize: 1024)
        self.disk = disk
        let state = disk.mountPoint + "/roundel.db"
        for seed in 1...3 { XCTAssertEqual(try cli.run(["spin", "--state", state, "--seed", String(seed)]).status, 0) }
        try disk.remount(readOnly: true)
        let h = try history(state)
        XCTAssertEqual(h.status, 0, h.stderr)
        XCTAssertEqual(h.draws, [1, 2, 3])
        try cli.assertUserError(["spin", "--state", state], mentions: "is read-only")
        try disk.remount(readOnly: false)
        let spin = try cli.run(["spin", "--state", state])
        XCTAssertEqual(spin.status, 0, spin.stderr)
        XCTAssertEqual(try history(state).draws, [1, 2, 3, 4])
    }

    /// A record an earlier Roundel left in WAL mode (its `-wal` still there, its index gone) on a card
    /// mounted read-only: SQLite cannot make the index there, so `history` said "unable to open
    /// database file"; now it reads the file as it is on disk and says so in one line.
    func testAnEarlierRoundelsWALOnAReadOnlyCardIsReadAsItIs() throws {
        let disk = try LoopDisk(folder: dir, megabytes: 4, blockSize: 4096)
        self.disk = disk
        let state = disk.mountPoint + "/roundel.db"
        for seed in 1...2 { XCTAssertEqual(try cli.run(["spin", "--state", state, "--seed", String(seed)]).status, 0) }
        // WAL mode, a change left in the WAL by a process that never closed the file (as a killed
        // kiosk of an earlier Roundel left it), and no index.
        try leaveAWAL(in: state)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "-wal"))
        try FileManager.default.removeItem(atPath: state + "-shm")
        try disk.remount(readOnly: true)
        let h = try history(state)
        XCTAssertEqual(h.status, 0, h.stderr)
        XCTAssertEqual(h.draws, [1, 2])
        XCTAssertTrue(h.stderr.hasPrefix("roundel: state '\(state)': ") && h.stderr.contains("read as it is on disk"), h.stderr)
        XCTAssertEqual(h.stderr.filter { $0 == "\n" }.count, 1, h.stderr)

        // Writable again: the first draw folds the WAL into the file and leaves WAL mode behind.
        try disk.remount(readOnly: false)
        let spin = try cli.run(["spin", "--state", state, "--seed", "3"])
        XCTAssertEqual(spin.status, 0, spin.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "-wal"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "-shm"))
        XCTAssertEqual(try history(state).draws, [1, 2, 3])
    }

    /// Someone who may read the record but not write its folder (a host's own account reading the
    /// kiosk's record) gets the history; it said "unable to open database file".
    func testAReaderWhoCannotWriteTheFolderGetsTheHistory() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run as another user") }
        let folder = dir + "/kiosk"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        let state = folder + "/roundel.db"
        for seed in 1...2 { XCTAssertEqual(try cli.run(["spin", "--state", state, "--seed", String(seed)]).status, 0) }
        let r = try LoopDisk.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                       cli.binary.path, "history", "--state", state, "--csv"])
        XCTAssertEqual(r.split(separator: "\r\n").count, 3, r)
    }

    // MARK: A record that is read-only for a while (a kiosk runs as a user, not root)

    /// `roundel` run as the user `nobody`, in a folder of its own.
    func asNobody(_ arguments: [String], environment: [String: String] = [:]) throws -> RoundelBinary.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", cli.binary.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = dir + "/nobody"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RoundelBinary.Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                                    stderr: String(decoding: e, as: UTF8.self))
    }

    /// A folder `nobody` owns.
    func nobodysFolder() throws -> String {
        guard getuid() == 0 else { throw XCTSkip("needs root to run as another user") }
        let folder = dir + "/nobody"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        XCTAssertEqual(chown(folder, 65534, 65534), 0)
        return folder
    }

    /// A state file made read-only (chmod 444) and writable again: the draw is refused with the
    /// reason and the fix while it is read-only, and works at once after. Before, SQLite opened it
    /// read-only without a word and every press said "is read-only", even after the chmod.
    func testAReadOnlyStateFileIsSaidAndWorksOnceWritableAgain() throws {
        let state = try nobodysFolder() + "/roundel.db"
        XCTAssertEqual(try asNobody(["spin", "--state", state]).status, 0)
        chmod(state, 0o444)
        let refused = try asNobody(["spin", "--state", state])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "roundel: state '\(state)': is read-only (Permission denied); make it writable, e.g. chmod u+w\n")
        chmod(state, 0o644)
        let spin = try asNobody(["spin", "--state", state])
        XCTAssertEqual(spin.status, 0, spin.stderr)
        XCTAssertTrue(spin.stdout.hasPrefix("{\"draw\":2,"), spin.stdout)
    }

    /// An earlier Roundel ran the file in WAL mode while it was read-only, and SQLite made its index
    /// (`-shm`) read-only too: the file made writable again, every press said "is read-only". Now the
    /// index is made writable (it is the file owner's) and the WAL folded into the file.
    func testAReadOnlyIndexLeftByAnEarlierRoundelIsRepaired() throws {
        let state = try nobodysFolder() + "/roundel.db"
        XCTAssertEqual(try asNobody(["spin", "--state", state]).status, 0)
        try leaveAWAL(in: state, asNobody: true)
        XCTAssertEqual(chmod(state + "-shm", 0o444), 0)
        let spin = try asNobody(["spin", "--state", state])
        XCTAssertEqual(spin.status, 0, spin.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "-shm"), "WAL mode left behind")
        XCTAssertEqual(try history(state).draws, [1, 2])
    }

    /// A kiosk started on a read-only state file shows the problem instead of a wheel that cannot
    /// draw, and once the file is writable it is drawing within the retry interval (5 s).
    func testAKioskOnAReadOnlyStateFileShowsItAndRecoversWhenItIsFixed() throws {
        let folder = try nobodysFolder()
        let state = folder + "/roundel.db"
        XCTAssertEqual(try asNobody(["spin", "--state", state, "--spin-to", "0"]).status, 0)
        chmod(state, 0o444)
        let fixer = Thread {
            Thread.sleep(forTimeInterval: 1.5)
            chmod(state, 0o644)
        }
        fixer.start()
        let kiosk = try asNobody(["run", "--kiosk", "--state", state, "--size", "320x240", "--screenshot", folder + "/shot.png", "--after", "7.5"],
                                 environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertEqual(kiosk.status, 0, kiosk.stderr)
        XCTAssertTrue(kiosk.stderr.contains("is read-only") && kiosk.stderr.contains("waiting for files it can use"), kiosk.stderr)
        XCTAssertTrue(kiosk.stderr.contains("loaded"), "the record was opened once writable: \(kiosk.stderr)")
        // The same kiosk started on the writable file: the same frame, no panel.
        let fine = try asNobody(["run", "--kiosk", "--state", state, "--size", "320x240", "--screenshot", folder + "/fine.png", "--after", "0.5"],
                                environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertEqual(try readPNG(folder + "/shot.png").pixels, try readPNG(folder + "/fine.png").pixels, "the wheel as it stands, no panel")
    }
}
