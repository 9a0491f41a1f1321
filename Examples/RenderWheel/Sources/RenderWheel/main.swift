// Renders a five-prize wheel, spun onto "Mug" and stopped, to a PNG: `swift run RenderWheel [out.png]`.
import Glibc
import PNGCodec
import Raster
import Scenes

let out = CommandLine.arguments.dropFirst().first ?? "wheel.png"
let prizes: [(String, UInt32)] = [("Gift card", 0xE74C3C), ("Mug", 0xF39C12), ("T-shirt", 0x27AE60),
                                  ("Stickers", 0x2980B9), ("Try again", 0x8E44AD)]
do {
    // The shipped fonts, from the Roundel package this program was built against
    // (or: SceneResources.loadDefault(assetsDirectory: "/usr/share/roundel/assets")).
    let resources = try SceneResources.loadDefault()
    let config = WheelConfig(items: prizes.map { WheelItem(text: $0.0, color: Color(rgb: $0.1)) })
    let wheel = try WheelScene(config: config, resources: resources, seed: 7)
    try wheel.spin(at: 0, to: 1)                        // a spin from t = 0 onto slice 1
    let t = wheel.spinner.endTime ?? 0                  // seconds since the spin began: stopped
    guard let canvas = Canvas(width: 480, height: 480) else { fatalError("480×480 is a valid size") }
    wheel.render(into: canvas, at: t)
    try writePNG(canvas.pixmap, to: out)
    print(wheel.jsonLine(at: t))
} catch {
    let line = "\(error)\n"                           // one line: the file or field, and what is wrong
    _ = write(2, line, line.utf8.count)
    exit(2)
}
