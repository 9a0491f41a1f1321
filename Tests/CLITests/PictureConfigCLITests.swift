// A config's pictures through the `roundel` binary: a picture that cannot be used is one line on
// stderr naming the config field, exit status 2, and nothing rendered; the shipped example with
// pictures renders.
import Foundation
import PNGCodec
import XCTest

final class PictureConfigCLITests: XCTestCase {
    let cli = RoundelBinary()
    var scratch: URL!
    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundel-cli-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func testAPictureThatCannotBeUsedIsOneLineNamingItsField() throws {
        let out = scratch.appendingPathComponent("out.png").path
        let config = scratch.appendingPathComponent("fair.json")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1]).write(to: scratch.appendingPathComponent("apple.jpg"))
        try Data("not a png".utf8).write(to: scratch.appendingPathComponent("broken.png"))
        let cases: [(String, String)] = [
            (#"{"wheel": {"items": ["A", "B", "C", {"text": "D", "image": "pear.png"}]}}"#, "wheel.items[3].image: cannot read 'pear.png': no such file"),
            (#"{"wheel": {"items": ["A", {"text": "B", "image": "apple.jpg"}]}}"#, "wheel.items[1].image: 'apple.jpg' is a JPEG, not a PNG"),
            (#"{"wheel": {"items": ["A", {"text": "B", "image": "broken.png"}]}}"#, "wheel.items[1].image: 'broken.png' is not a PNG file"),
            (#"{"wheel": {"hub": {"image": "logo.png"}}}"#, "wheel.hub.image: cannot read 'logo.png'"),
            (#"{"title": {"text": "Fair", "image": "apple.jpg"}}"#, "title.image: 'apple.jpg' is a JPEG"),
            (#"{"wheel": {"backgroundImage": "apple.jpg"}}"#, "wheel.backgroundImage: 'apple.jpg' is a JPEG"),
        ]
        for (json, expected) in cases {
            try Data(json.utf8).write(to: config)
            try cli.assertUserError(["render", "wheel", "--config", config.path, "--out", out], mentions: expected)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing rendered")
    }

    func testTheShippedExampleWithPicturesRenders() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets")
        let out = scratch.appendingPathComponent("fruit.png").path
        let r = try cli.run(["render", "wheel", "--config", assets.appendingPathComponent("wheel-fruit.json").path,
                             "--seed", "2", "--at", "0", "--size", "480x360", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try readPNG(out)
        XCTAssertEqual([image.width, image.height], [480, 360])
    }
}
