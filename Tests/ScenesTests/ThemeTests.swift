// Themes as a user meets them: every built-in theme's labels and texts read (WCAG 4.5:1 on what they
// lie on), `"theme"` colours the wheel and the other scenes while the config's own colours win, the
// wheel's `palette` colours pasted names with neighbours apart, bad names and palettes are one line,
// and a theme chosen in the settings panel is drawn and kept in the record across a restart.
import Draws
import Foundation
import Raster
@testable import Scenes
import XCTest

final class ThemeTests: ConfigFileTestCase {
    func contrast(_ a: Color, _ b: Color) -> Double {
        let x = relativeLuminance(a), y = relativeLuminance(b)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func assertReads(_ ink: Color, on paper: Color, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let ratio = contrast(ink, paper)
        XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(what): \(ink) on \(paper) is \((ratio * 100).rounded() / 100):1", file: file, line: line)
    }

    func testThereAreSixThemesWithClassicFirst() {
        XCTAssertEqual(Theme.names, ["classic", "light", "dark", "high-contrast", "pastel", "neon"])
        XCTAssertEqual(Set(Theme.builtIn.map(\.background)).count, Theme.builtIn.count, "each looks its own")
    }

    func testEverySliceOfEveryThemeGetsALabelThatReads() {
        for theme in Theme.builtIn {
            XCTAssertGreaterThanOrEqual(theme.palette.count, 3, theme.name)
            XCTAssertEqual(Set(theme.palette).count, theme.palette.count, "\(theme.name): no colour twice")
            for (i, color) in theme.palette.enumerated() {
                assertReads(labelInk(on: color), on: color, "\(theme.name) slice \(i)")
            }
            for (i, color) in theme.face.palette.enumerated() {
                assertReads(contrastingText(on: color), on: color, "\(theme.name) pie slice \(i)")
            }
        }
    }

    func testEveryThemesTextsReadOnWhatTheyLieOn() {
        for theme in Theme.builtIn {
            let n = theme.name
            assertReads(theme.text, on: theme.background, "\(n) result under the wheel")
            assertReads(theme.passingText, on: theme.background, "\(n) names passing the pointer")
            assertReads(theme.secondaryText, on: theme.background, "\(n) Press START and hints")
            assertReads(theme.button.text, on: theme.button.fill, "\(n) START")
            assertReads(theme.panel.text, on: theme.panel.panel, "\(n) card and panel text")
            assertReads(theme.panel.secondary, on: theme.panel.panel, "\(n) panel secondary text")
            assertReads(theme.panel.text, on: theme.panel.field, "\(n) text on a panel's buttons")
            assertReads(theme.panel.onAccent, on: theme.panel.accent, "\(n) text on the chosen option")
            assertReads(theme.panel.value, on: theme.panel.panel, "\(n) a card's value")
            assertReads(theme.face.text, on: theme.face.background, "\(n) timer and pie text")
            assertReads(theme.face.hand, on: theme.face.background, "\(n) clock numbers")
        }
    }

    func testTheConfigsThemeColoursTheWheelAndItsOwnColoursWin() throws {
        let resources = try WheelSnapshotTests.latinResources()
        func frame(_ json: String) throws -> (WheelScene, Pixmap) {
            let config = try WheelConfig.load(path: try write(json))
            let wheel = try WheelScene(config: config, resources: resources, seed: 1)
            let canvas = try XCTUnwrap(Canvas(width: 240, height: 240))
            wheel.render(into: canvas, at: 0)
            return (wheel, canvas.pixmap)
        }
        let (plain, plainPixels) = try frame("{}")
        let (classic, classicPixels) = try frame(#"{"theme": "classic"}"#)
        XCTAssertEqual(classicPixels.pixels, plainPixels.pixels, "classic is the look without a theme")
        XCTAssertEqual(classic.items.map(\.color), plain.items.map(\.color))

        let (dark, darkPixels) = try frame(#"{"theme": "dark"}"#)
        XCTAssertEqual(darkPixels[0, 0], Theme.dark.background.premultiplied, "the corner is the dark background")
        XCTAssertEqual(dark.items.map(\.color), Array(Theme.dark.palette.prefix(8)), "the default prizes in the dark palette")
        XCTAssertEqual(dark.config.pointerColor, Theme.dark.pointer)

        let (mine, minePixels) = try frame(##"{"theme": "dark", "wheel": {"backgroundColor": "#123456", "pointerColor": "#00FF00"}}"##)
        XCTAssertEqual(minePixels[0, 0], Color(rgb: 0x123456).premultiplied, "the config's background wins over the theme's")
        XCTAssertEqual(mine.config.pointerColor, Color(rgb: 0x00FF00))
        XCTAssertEqual(mine.items.map(\.color), dark.items.map(\.color), "the rest is still the theme's")
    }

    func testThePaletteColoursEntriesWithoutOneAndNeighboursStillDiffer() throws {
        let names = (1...10).map { "\"N\($0)\"" }.joined(separator: ", ")
        let json = ##"{"theme": "neon", "wheel": {"palette": ["#112233", "#445566", "#778899"], "items": ["##
            + names + ##", {"text": "Mine", "color": "#FF0000"}]}}"##
        let config = try WheelConfig.load(path: try write(json))
        let palette = [Color(rgb: 0x112233), Color(rgb: 0x445566), Color(rgb: 0x778899)]
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        let colors = wheel.items.map(\.color)
        XCTAssertEqual(colors.last, Color(rgb: 0xFF0000), "a colour given by hand stays")
        XCTAssertTrue(colors.dropLast().allSatisfy(palette.contains), "the others come from wheel.palette, not the theme")
        for i in colors.indices { XCTAssertNotEqual(colors[i], colors[(i + 1) % colors.count], "slices \(i) and its neighbour") }
        // A pasted list takes the same palette.
        wheel.handle(.paste("Ann\nBen\nCat\nDov\n"), at: 1, frameSize: Size(width: 240, height: 240))
        XCTAssertEqual(wheel.items.map(\.text), ["Ann", "Ben", "Cat", "Dov"])
        XCTAssertTrue(wheel.items.allSatisfy { palette.contains($0.color) }, "\(wheel.items.map(\.color))")
        for i in wheel.items.indices {
            XCTAssertNotEqual(wheel.items[i].color, wheel.items[(i + 1) % wheel.items.count].color)
        }
    }

    func testBadThemesAndPalettesAreOneLine() throws {
        let cases: [(String, String)] = [
            (#"{"theme": "darkk"}"#, "theme: 'darkk' is not a theme (did you mean 'dark'?); use one of classic, light, dark, high-contrast, pastel, neon"),
            (#"{"theme": 3}"#, "theme: must be a string, not a number"),
            (##"{"wheel": {"palette": ["#FF0000", "#00FF00"]}}"##, "wheel.palette: lists 2 colours; give 3 to 64"),
            (##"{"wheel": {"palette": ["#FF0000", "#00FF00", "blue"]}}"##,
             "wheel.palette[2]: 'blue' is not a colour (use #RRGGBB or #RRGGBBAA)"),
            (##"{"wheel": {"palette": "#FF0000"}}"##, "wheel.palette: must be a list ([…]), not a string"),
        ]
        for (json, expected) in cases {
            let text = try failure(json, load: { _ = try WheelConfig.load(path: $0) })
            XCTAssertTrue(text.hasPrefix(expected), "\(json)\n  got: \(text)\n  not: \(expected)")
        }
        // Built in code, an empty palette is refused too (it would hand out no colour).
        var empty = WheelConfig.defaults
        empty.customPalette = []
        XCTAssertThrowsError(try WheelScene(config: empty, resources: try SceneResources.loadDefault())) {
            XCTAssertEqual(($0 as? ConfigError)?.path, "wheel.palette")
        }
        // The other scenes refuse it too: one theme for the whole program.
        let text = try failure(#"{"theme": "sepia"}"#, load: { _ = try TimerConfig.load(path: $0) })
        XCTAssertTrue(text.hasPrefix("theme: 'sepia' is not a theme"), text)
    }

    func testTheThemeColoursTheTimerPieAndClockAndTheirOwnKeysWin() throws {
        let file = try ConfigFile.load(path: try write(##"{"theme": "dark", "timer": {"progressColor": "#00FF00"}}"##))
        let timer = try TimerConfig.parse(file), pie = try PieConfig.parse(file), clock = try ClockConfig.parse(file)
        XCTAssertEqual(timer.backgroundColor, Theme.dark.face.background)
        XCTAssertEqual(timer.textColor, Theme.dark.face.text)
        XCTAssertEqual(timer.progressColor, Color(rgb: 0x00FF00), "the config's own colour wins")
        XCTAssertEqual(pie.backgroundColor, Theme.dark.face.background)
        XCTAssertEqual(pie.slices.map(\.color), Array(Theme.dark.face.palette.prefix(pie.slices.count)))
        XCTAssertEqual(clock.backgroundColor, Theme.dark.face.background)
        XCTAssertEqual(clock.numberColor, Theme.dark.face.hand)
        // Drawn: the timer's paper is the theme's.
        let scene = try TimerScene(config: timer, resources: try TimerSnapshotTests.latinResources())
        let canvas = try XCTUnwrap(Canvas(width: 120, height: 120))
        scene.render(into: canvas, at: 1)
        XCTAssertEqual(canvas.pixmap[1, 1], Theme.dark.face.background.premultiplied)
        // Without a theme, nothing changes: the classic faces are the scenes' own defaults.
        let plain = try ConfigFile.load(path: try write("{}", "plain.json"))
        XCTAssertEqual(try TimerConfig.parse(plain), TimerConfig.defaults)
        XCTAssertEqual(try PieConfig.parse(plain), PieConfig.defaults)
        XCTAssertEqual(try ClockConfig.parse(plain), ClockConfig.defaults)
    }

    func testAThemeChosenInTheSettingsIsDrawnAndKeptAcrossARestart() throws {
        let path = directory + "/class.db", size = Size(width: 960, height: 720)
        let config = WheelConfig(items: WheelConfig.items(from: ["Ann", "Ben", "Cat", "Dov", "Eve"].map { Entry(text: $0) }))
        let resources = try WheelSnapshotTests.latinResources()
        do {
            let wheel = try WheelScene(config: config, resources: resources, seed: 4, ledger: try Ledger.open(path: path))
            wheel.showsControls = true
            wheel.handle(.openSettings, at: 1, frameSize: size)
            guard case .settings(let panel) = wheel.panel else { return XCTFail("S opens the settings") }
            let control = try XCTUnwrap(panel.panel(for: size).controls.first { $0.id == .theme }, "the panel lists the theme")
            let plus = Point(x: control.frame.maxX - 2, y: control.frame.center.y)
            wheel.handle(.tap(plus), at: 2, frameSize: size)
            wheel.handle(.tap(plus), at: 3, frameSize: size)
            XCTAssertEqual(wheel.settings.theme, "dark", "+ steps classic → light → dark")
            wheel.handle(.cancel, at: 4, frameSize: size)
            let canvas = try XCTUnwrap(Canvas(width: 960, height: 720))
            wheel.render(into: canvas, at: 5)
            XCTAssertEqual(canvas.pixmap[2, 700], Theme.dark.background.premultiplied, "drawn in the dark theme")
            XCTAssertEqual(wheel.items.map(\.color), Array(Theme.dark.palette.prefix(5)), "the names take its palette")
        }
        do {
            let again = try WheelScene(config: config, resources: resources, seed: 4, ledger: try Ledger.open(path: path))
            XCTAssertEqual(again.settings.theme, "dark", "kept in the record")
            XCTAssertEqual(again.config.theme, .dark)
        }
        // The config naming a theme of its own since: the file's edit wins.
        var edited = config
        edited.theme = .pastel
        let later = try WheelScene(config: edited, resources: resources, seed: 4, ledger: try Ledger.open(path: path))
        XCTAssertEqual(later.config.theme, .pastel)
    }

    func testATransparentBackgroundLeavesTheCornersClearAndTheWheelOpaque() throws {
        var config = WheelConfig.defaults
        config.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let wheel = try WheelScene(config: config, resources: try WheelSnapshotTests.latinResources(), seed: 1)
        let canvas = try XCTUnwrap(Canvas(width: 240, height: 240))
        wheel.render(into: canvas, at: 0)
        let p = canvas.pixmap
        XCTAssertEqual(p[0, 0], 0, "a corner is transparent")
        XCTAssertEqual(p[239, 0], 0)
        let centre = wheel.prepare(for: Size(width: 240, height: 240)).layout.center
        XCTAssertEqual(p[Int(centre.x), Int(centre.y)] >> 24, 255, "the hub is opaque")
        // Across the wheel's rim along the middle row, alpha climbs from 0 through values between.
        let row = Int(centre.y)
        let alphas = (0..<Int(centre.x)).map { p[$0, row] >> 24 }
        XCTAssertTrue(alphas.contains { $0 > 0 && $0 < 255 }, "anti-aliased edge and soft shadow: \(alphas)")
        XCTAssertEqual(alphas.last, 255)
    }
}
