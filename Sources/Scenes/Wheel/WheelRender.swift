// Drawing the wheel's frame: the order parts are drawn in, what a frame kept in the canvas saves
// (the dirty rectangle of a spin, the backdrop under a standing card), and which slice is lit as the
// winner. A frame is a pure function of the scene's state and t; what it keeps between frames is in
// `scratch` (WheelFrameScratch) and changes no pixel. Sizes px, angles radians clockwise.
import BitmapFont
import Draws
import Raster

extension WheelScene {
    /// While one spin runs from `previous` to `t`, only the turning disc's square changes (and the
    /// banner, when another entry has come under the pointer): the backdrop, hub, pointer and the
    /// disabled button are drawn the same.
    public func dirtyRect(since previous: Double, at t: Double, frameSize: Size) -> PixelRect? {
        guard let spin = spinner.currentSpin, previous <= t, previous >= spin.startTime, t < spin.endTime, attractStart == nil,
              note == nil || !(noteIsVisible(at: t) || noteIsVisible(at: previous)), !hasOverlay, drawProblem == nil,
              let frame = scratch.cache, frame.size == frameSize else { return nil }
        let half = max(frame.ringDiameter / 2, frame.sliceRadius) + 3
        let c = frame.layout.center
        var dirty = Rect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half)
        // The banner under or beside the wheel names the entry under the pointer: when another has
        // come under it, the banner's box changes too.
        if bannerIndex(at: previous) != bannerIndex(at: t) {
            dirty = dirty.union(frame.layout.resultRect.insetBy(-4 - 0.1 * frame.layout.resultRect.height))
        }
        let rect = PixelRect(enclosing: dirty)
        scratch.dirtyAnswer = (previous, t, rect)
        return rect
    }

    public func render(into canvas: Canvas, at t: Double) {
        followPool(at: t)
        reportSpinEnd(at: t)
        applyRefresh(at: t)
        let frame = prepare(for: Size(width: Double(canvas.width), height: Double(canvas.height)))
        // Whatever this frame is, the canvas holds it from now on, not the frame before.
        let previous = scratch.lastFrame
        scratch.lastFrame = nil
        if let stop = celebratedStop(at: t), let winner = spinner.result(at: t), cardStands(at: t), !hasOverlay,
           !noteIsVisible(at: t), attractDrift(at: t) == 0, let backdrop = scratch.cardBackdrop, backdrop.end == stop, backdrop.winner == winner,
           backdrop.pixmap.width == canvas.width, backdrop.pixmap.height == canvas.height {
            canvas.replace(with: backdrop.pixmap)
            drawConfetti(frame, winner: winner, at: t, in: canvas)
            return
        }
        let rotation = spinner.rotation(at: t) + attractDrift(at: t)
        let lit = litWinner(at: t)
        let winner = lit?.slice, highlight = lit?.strength ?? 0
        // The winner's glow reaches over the band: then the band is drawn whole, over it.
        let ringBackdrop = (winner == nil || highlight <= 0) ? frame.ringBackdrop : nil
        let wheelOnly = ringBackdrop != nil && celebratedStop(at: t) == nil && !hasOverlay && !noteIsVisible(at: t) && drawProblem == nil
        let kept = keptFrame(previous, in: canvas, at: t)
        let spinning = spinner.isSpinning(at: t)
        // While a shared pool's server is away (WheelPool.swift) the button is greyed under its panel.
        let inviting = attractDrift(at: t) > 0 && raffle.standing.anyRemaining && !poolAway
        let button = WheelFrameScratch.ButtonLook(label: inviting ? words.touchToSpin : buttonLabel,
                                                  enabled: !spinning && !poolAway && raffle.standing.anyRemaining,
                                pulse: inviting ? attractPulse(at: t) : 0)
        let resultBox = PixelRect(enclosing: frame.layout.resultRect.insetBy(-4 - 0.1 * frame.layout.resultRect.height))
        let buttonBox = PixelRect(enclosing: frame.layout.buttonRect.insetBy(-4 - 0.1 * frame.layout.buttonRect.height))
        // The banner, laid out only when the frame reaches its box (a frame of the turning disc alone does not).
        let shown = canvas.clip.intersection(resultBox).isEmpty ? nil
            : resultShown(at: t, winner: winner, strength: highlight, spinning: spinning)
        // What the canvas holds of a banner after this frame: what it draws, else what the frame kept
        // held (or, not knowing, anything in the banner's box).
        let banner = shown == nil ? (kept != nil ? previous?.banner : nil) ?? resultBox
            : resultPlan(frame, result: shown)?.extent ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        defer {
            scratch.lastFrame = WheelFrameScratch.DrawnFrame(canvas: ObjectIdentifier(canvas), t: t, rotation: rotation, wheelOnly: wheelOnly,
                                   cacheBuilds: scratch.cacheBuilds, button: button, banner: banner)
        }
        // Over the frame kept, a button looking as it did and lying clear of the wheel's square and
        // of the banner then and now stays as it is (nothing else draws there).
        var buttonKept = false
        if let ringBackdrop, let still = frame.stillRing {
            // The backdrop with the band on it, except inside the band's inner part: the slices
            // cover that, and the band's inner part goes over them.
            let origin = frame.backdropOrigin
            let square = PixelRect(x: origin.x, y: origin.y, width: ringBackdrop.width, height: ringBackdrop.height)
            if wheelOnly, let kept, let previous {
                // The canvas holds the wheel a moment ago: around the disc only the bulbs moved. Back
                // under the old bulbs, the pointer, the banner and the button (unless it stays), the
                // rest stays; beside the wheel's square, the background under them.
                buttonKept = previous.button == button && buttonBox.intersection(square).isEmpty
                    && buttonBox.intersection(previous.banner).isEmpty && buttonBox.intersection(banner).isEmpty
                let clip = canvas.clip
                func restore(_ box: PixelRect) {
                    canvas.clip = clip.intersection(box)
                    clearBackground(frame, in: canvas, outside: square)
                    canvas.replace(with: ringBackdrop, at: origin, outside: frame.layout.center, radius: 0)
                }
                still.forEachBulbBox(rotation: kept.rotation, restore)
                if let pointer = frame.pointerSprite {
                    restore(PixelRect(x: pointer.x, y: pointer.y, width: pointer.image.width, height: pointer.image.height))
                }
                // Where the banner was: the new one is drawn over background (or, where it reaches past
                // the old one, over what was background already).
                restore(previous.banner)
                if !buttonKept { restore(buttonBox) }
                canvas.clip = clip
            } else {
                clearBackground(frame, in: canvas, outside: square)
                canvas.replace(with: ringBackdrop, at: origin, outside: frame.layout.center, radius: still.innerRadius)
            }
        } else if let backdrop = frame.backdrop {
            // Plain background around the wheel's square; inside it the backdrop, except under the
            // slices (they cover their disc completely and are composited over the backdrop itself)
            // and under the ring's opaque band.
            let origin = frame.backdropOrigin
            clearBackground(frame, in: canvas,
                            outside: PixelRect(x: origin.x, y: origin.y, width: backdrop.width, height: backdrop.height))
            canvas.replace(with: backdrop, at: origin, outside: frame.layout.center, radius: frame.coveredRadius - 1)
        } else {
            clearBackground(frame, in: canvas)
            drawShadow(frame, in: canvas)
        }
        // The title lies clear of every box a kept frame puts back (WheelLayout): drawn where the clip reaches.
        frame.titleSprite?.draw(in: canvas)
        drawSlices(frame, rotation: rotation, overBackdrop: frame.backdrop != nil,
                   moving: spinning || attractDrift(at: t) > 0, in: canvas)
        drawSlicePictures(frame, rotation: rotation, in: canvas)
        if let winner { drawHighlight(frame, winner: winner, strength: highlight, rotation: rotation, in: canvas) }
        drawLabels(frame, rotation: rotation, winner: winner, strength: highlight, in: canvas)
        drawRing(frame, rotation: rotation, overRingBackdrop: ringBackdrop != nil, in: canvas)
        drawHub(frame, in: canvas)
        drawPointer(frame, in: canvas)
        // The result and the button lie beside or below the wheel: a frame clipped to the turning
        // disc skips laying out their text.
        if let shown { drawResult(frame, result: shown, in: canvas) }
        if !buttonKept && !canvas.clip.intersection(buttonBox).isEmpty {
            drawButton(frame, label: button.label, enabled: button.enabled, pulse: button.pulse, in: canvas)
        }
        if let winner, let stop = celebratedStop(at: t) {
            drawWinnerCard(frame, winner: winner, at: t, in: canvas)
            if cardStands(at: t), let card = cardControls(frameSize: frame.size, at: t) { card.draw(in: canvas, fonts: fonts, look: config.theme.panel) }
            if cardStands(at: t), confettiFlies(at: t), !hasOverlay, !noteIsVisible(at: t), attractDrift(at: t) == 0,
               canvas.clip == canvas.pixmap.bounds, canvas.width * canvas.height <= scratch.largestBackdrop {
                // Kept (one copy a stop) for the confetti frames to come; not above `largestBackdrop`
                // px, where a second whole frame (1 GiB at 16384²) costs more than redrawing it.
                var kept = scratch.cardBackdrop?.pixmap
                scratch.cardBackdrop = nil
                if kept?.width != canvas.width || kept?.height != canvas.height { kept = Pixmap(width: canvas.width, height: canvas.height) }
                if var kept {
                    kept.pixels.withUnsafeMutableBufferPointer { dst in
                        canvas.pixmap.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: src.count) }
                    }
                    scratch.cardBackdrop = (stop, winner, kept)
                }
            }
            drawConfetti(frame, winner: winner, at: t, in: canvas)
        }
        if showsControls && !hasOverlay { drawToolButtons(frame, in: canvas) }
        if showsFirstRunHints { drawFirstRunHints(frame, in: canvas) }
        if let editor { drawEditor(editor, frame: frame, in: canvas) }
        if let panel { drawPanel(panel, frame: frame, in: canvas) }
        if noteIsVisible(at: t), let note { drawNote(note.text, frame: frame, in: canvas) }
        if let drawProblem {
            let atBottom = frame.layout.arrangement == .sides
            drawProblem.draw(panelLayouts.layout(drawProblem, box: Problem.band(frame.size, atBottom: atBottom), fonts: fonts),
                             in: canvas, fonts: fonts, shrink: true, anchor: atBottom ? .bottom : .top)
        }
    }

    /// The frame `canvas` holds (`last`, the frame drawn before this one), when it is the wheel
    /// alone at the time `dirtyAnswer` was asked about and this frame is drawn inside the rectangle
    /// answered for `t`, short of the whole canvas: then everything in it but the disc, the bulbs and
    /// what lies beside the wheel is already as this frame has it. (A whole-canvas clip may be a
    /// caller that draws over the wheel, as the problem panel does, redrawing everything.)
    func keptFrame(_ last: WheelFrameScratch.DrawnFrame?, in canvas: Canvas, at t: Double) -> (t: Double, rotation: Double)? {
        guard let answer = scratch.dirtyAnswer, answer.at == t, canvas.clip != canvas.pixmap.bounds,
              canvas.clip == answer.rect.intersection(canvas.pixmap.bounds),
              let last, last.canvas == ObjectIdentifier(canvas), last.t == answer.since, last.wheelOnly,
              last.cacheBuilds == scratch.cacheBuilds else { return nil }
        return (last.t, last.rotation)
    }

    /// The slice lit as the winner at `t` and how strongly (0…1): the latest result from its stop on
    /// (or the one shown again at rest after a restart), until attract mode turns it away from the
    /// pointer, when its light fades as fast as it came.
    func litWinner(at t: Double) -> (slice: Int, strength: Double)? {
        guard let winner = spinner.result(at: t) ?? (spinner.currentSpin == nil ? restingWinner : nil) else { return nil }
        var strength = spinner.currentSpin == nil ? 1 : highlightStrength(at: t)
        if let start = attractStart, t > start, !spinner.isSpinning(at: t) {
            let fade = 1 - (t - start) / WheelScene.highlightFadeIn
            guard fade > 0 else { return nil }
            strength *= fade
        }
        return (winner, strength)
    }

    /// 0 → 1 over `highlightFadeIn` seconds after the stop (smoothstep).
    func highlightStrength(at t: Double) -> Double {
        guard let end = spinner.endTime else { return 0 }
        let x = max(0, min(1, (t - end) / WheelScene.highlightFadeIn))
        return x * x * (3 - 2 * x)
    }
}
