// `roundel trace wheel [--spin-to I] [--seed S] [--profile P] [--fps N] [--config F]`: the spin as CSV
// `t,rotation,phase,index` from t = 0 until rest (rotation in degrees clockwise, cumulative), sampled
// at N frames per second plus the exact moment of rest.
import ArgumentParser
import Motion
import Scenes

struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a wheel spin as CSV: t,rotation,phase,index.",
        discussion: """
            One row a sample from t = 0 until the wheel rests: t in seconds, rotation in degrees \
            clockwise, the phase of the spin (classic: begin, turn, end; roulette: spin; smooth: \
            accelerate, decelerate; then stopped) and the index of the slice \
            under the pointer.
            """)

    @Argument(help: "The scene to trace: wheel.")
    var scene: String

    @Option(name: .customLong("spin-to"), parsing: .unconditional,
            help: ArgumentHelp("Spin onto this slice (0 = the first item).", valueName: "index"))
    var spinTo: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seed for the random slice and landing point.", valueName: "number"))
    var seed: String?

    @Option(help: ArgumentHelp("classic, roulette or smooth (default: the config's, else smooth).", valueName: "profile"))
    var profile: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Samples per second, 1 to 1000.", valueName: "N"))
    var fps: String = "60"

    @Option(help: ArgumentHelp("A JSON config file.", valueName: "file.json"))
    var config: String?

    func run() throws {
        guard scene == "wheel" else { throw UserError("roundel: trace knows the wheel only, not '\(scene)'") }
        var wheelConfig = try SceneSetup.wheelConfig(config)
        if let profile {
            guard let p = SpinProfile(rawValue: profile) else {
                throw UserError("roundel: --profile '\(profile)' is not one of \(SpinProfile.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            wheelConfig.spin.profile = p
        }
        guard let rate = Double(fps), rate.isFinite, rate >= 1, rate <= 1000 else {
            throw UserError("roundel: --fps '\(fps)' must be a number from 1 to 1000")
        }
        let seed = try SceneSetup.parseSeed(seed)
        var spinner = WheelScene.makeSpinner(config: wheelConfig)
        let target = try spinTo.map { try WheelSetup.parseIndex($0, count: spinner.layout.count) }
        do {
            if let seed {
                var rng = SeededGenerator(seed: seed)
                try spinner.spin(at: 0, to: target, using: &rng)
            } else {
                var rng = SystemRandomNumberGenerator()
                try spinner.spin(at: 0, to: target, using: &rng)
            }
            print(try spinner.traceCSV(fps: rate), terminator: "")
        } catch {
            throw UserError("roundel: cannot trace the spin: \(error)")
        }
    }
}

enum WheelSetup {
    /// `--spin-to`: a slice index 0…count−1.
    static func parseIndex(_ text: String, count: Int) throws -> Int {
        guard let i = Int(text), (0..<count).contains(i) else {
            throw UserError("roundel: --spin-to '\(text)' is not a slice of this wheel (0…\(count - 1))")
        }
        return i
    }
}
