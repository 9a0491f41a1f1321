// Running a program and measuring it with what it starts (for `roundel bench --record`: Roundel and
// its ffmpeg): wall seconds, CPU seconds (its own and its waited-for children's, from wait4) and peak
// memory. The peak is the sum of each process's own high-water mark of resident memory (VmHWM in
// /proc/PID/status, which the kernel keeps exactly), read every 10 ms while they run: at least what
// they held at any one moment, never less. A child still running the same program as its parent is
// the moment between its fork and its exec, sharing its parent's memory, and is not counted.
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

enum ProcessTreeMemory {
    struct Measure {
        var status: Int32
        var seconds: Double
        var cpuSeconds: Double
        var peakBytes: Int
        /// Each program's share of `peakBytes`, by its name ("roundel", "ffmpeg").
        var programs: [String: Int]
    }

    /// Runs `program` with `arguments` (its stdout thrown away) to completion.
    static func run(_ program: String, arguments: [String]) throws(UserError) -> Measure {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw UserError("roundel: cannot run \(program): \(String(cString: strerror(spawned)))") }

        let sampler = Sampler(root: pid)
        let stop = DispatchSemaphore(value: 0), done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            repeat { sampler.sample() } while stop.wait(timeout: .now() + .milliseconds(10)) == .timedOut
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        stop.signal()
        done.wait()
        func time(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let exited = status & 0x7F == 0
        return Measure(status: exited ? (status >> 8) & 0xFF : 128 + status & 0x7F, seconds: seconds,
                       cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime), peakBytes: sampler.peakBytes,
                       programs: sampler.programs)
    }

    /// The processes under one root and the highest VmHWM seen for each.
    final class Sampler: @unchecked Sendable {
        let root: pid_t
        private var highest: [pid_t: (name: String, bytes: Int)] = [:]
        init(root: pid_t) { self.root = root }

        var peakBytes: Int { highest.values.reduce(0) { $0 + $1.bytes } }
        var programs: [String: Int] { highest.values.reduce(into: [:]) { $0[$1.name, default: 0] += $1.bytes } }

        func sample() { visit(root, parentName: nil) }

        private func visit(_ pid: pid_t, parentName: String?) {
            guard let status = Sampler.read("/proc/\(pid)/status") else { return }
            var name = "", kilobytes = 0
            for line in status.split(separator: "\n") {
                if line.hasPrefix("Name:") { name = line.dropFirst(5).trimmingCharacters(in: " \t") }
                if line.hasPrefix("VmHWM:") { kilobytes = Int(line.dropFirst(6).filter(\.isNumber)) ?? 0 }
            }
            if name != parentName { highest[pid] = (name, max(highest[pid]?.bytes ?? 0, kilobytes * 1024)) }
            // Children are listed by the thread that started them.
            guard let tasks = opendir("/proc/\(pid)/task") else { return }
            defer { closedir(tasks) }
            while let entry = readdir(tasks) {
                let task = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard !task.hasPrefix("."), let children = Sampler.read("/proc/\(pid)/task/\(task)/children") else { continue }
                for child in children.split(separator: " ").compactMap({ pid_t($0.filter(\.isNumber)) }) {
                    visit(child, parentName: name)
                }
            }
        }

        private static func read(_ path: String) -> String? {
            let file = open(path, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { return nil }
            defer { close(file) }
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = Glibc.read(file, &chunk, chunk.count)
                guard n > 0 else { break }
                bytes += chunk[..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
