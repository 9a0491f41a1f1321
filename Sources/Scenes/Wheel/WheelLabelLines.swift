// A prize label on two lines when its slice is wide enough: the name above its odds or "sold out"
// (a smaller line, read second), or the name broken at a space with the suffix after its second
// half. The lines are stacked across the bisector, each centred along it at the label's radius, and
// each fits the wedge as one line does (`place`): its inner end where the wedge's half-width holds
// its farthest edge from the bisector, a tenth spare, its outer corners inside the rim. On a wide
// slice a long label then reads about 1.75 times as large as on one line (six prizes with odds at
// 800×480); on a narrow one two lines need twice the width, so one line wins and a wheel of many
// slices looks as it did. Sizes and offsets px.
import BitmapFont
import Draws

extension LabelFitter {
    /// The odds or "sold out" on a line of its own, at this share of the name's size (never below
    /// `legibleSize`): smaller, so the name can be larger and is read first.
    static let suffixScale = 0.8
    /// What joins a name and its suffix on one line (WheelDraws makes the suffixes).
    static let suffixSeparator = " · "

    /// A label's two lines before sizing; the second at `secondScale` of the first's size.
    struct TwoLines {
        var first: String
        var second: String
        var secondScale: Double
    }

    /// The ways `name` then `suffix` go on two lines: the name above its suffix (`suffixShape`), then
    /// the name broken at each of its spaces, the suffix after its second half, best first: the break
    /// that leaves the longer line shortest (the largest size; `breakRank` picks among those that fit).
    func twoLineShapes(_ name: String, suffix: String) -> [TwoLines] {
        guard !name.isEmpty else { return [] }
        let characters = Array(name)
        var breaks: [(width: Double, shape: TwoLines)] = []
        for (i, c) in characters.enumerated() where c == " " {
            let first = NamesFile.trimmed(String(characters[..<i])), rest = NamesFile.trimmed(String(characters[(i + 1)...]))
            guard !first.isEmpty, !rest.isEmpty else { continue }
            let width = max(fonts.measure(first, size: 1).width, fonts.measure(rest + suffix, size: 1).width)
            breaks.append((width, TwoLines(first: first, second: rest + suffix, secondScale: 1)))
        }
        return (LabelFitter.suffixShape(name, suffix: suffix).map { [$0] } ?? []) + breaks.sorted { $0.width < $1.width }.map(\.shape)
    }

    /// The name above its suffix without the " · " (nil without a name or a suffix).
    static func suffixShape(_ name: String, suffix: String) -> TwoLines? {
        guard !name.isEmpty, !suffix.isEmpty else { return nil }
        let own = suffix.hasPrefix(suffixSeparator) ? String(suffix.dropFirst(suffixSeparator.count)) : NamesFile.trimmed(suffix)
        return own.isEmpty ? nil : TwoLines(first: name, second: own, secondScale: suffixScale)
    }

    /// Of `twoLineShapes`, those that can be largest: the name above its suffix and the first break.
    static func largest(_ shapes: [TwoLines]) -> [TwoLines] {
        guard let broken = shapes.firstIndex(where: { $0.secondScale == 1 }) else { return shapes }
        return Array(shapes[...broken])
    }

    /// How a broken name reads, smaller first: a break after punctuation ("Grand prize:" / "a bicycle")
    /// reads best; one that leaves a lone letter at the end of the first line ("…: a") worst.
    static func breakRank(_ shape: TwoLines) -> Int {
        guard shape.secondScale == 1, let last = shape.first.last else { return 0 }
        if ":,;)–—".contains(last) { return 0 }
        let words = shape.first.split(separator: " ")
        return words.count > 1 && words.last?.count == 1 ? 2 : 1
    }

    /// The second line's size when the first is `size`.
    func secondSize(_ shape: TwoLines, size: Double) -> Double {
        shape.secondScale == 1 ? size : max(size * shape.secondScale, min(size, minimumSize))
    }

    /// Where two lines `widths` long and `heights` tall go in a wedge of `sweep` between `inner` and
    /// `outer`: each line centred at `radius` along the bisector, `offsets` across it (to each line's
    /// middle, the first above the second); nil when they do not fit. Each line on its own must fit
    /// the wedge as one line does (its inner end where the wedge's half-width holds its farthest
    /// edge from the bisector, a tenth spare; its outer corners inside `outer`), so the pair may sit
    /// off-centre: a long name on the bisector, its short odds beside it where the wedge is wider.
    /// Of the placements that fit, the one nearest the pair centred on the bisector, at the middle
    /// of its room along it.
    func place(widths: (Double, Double), heights: (Double, Double), sweep: Double, inner: Double, outer: Double)
        -> (radius: Double, offsets: (Double, Double))? {
        let total = heights.0 + heights.1
        let centred = ((heights.0 - total) / 2, (total - heights.1) / 2)
        // Shifts from centred (0) to either line on the bisector, nearest 0 first.
        let steps = LabelFitter.shiftSteps
        for k in 0...(2 * steps) {
            let toward = k % 2 == 0 ? centred.1 : centred.0   // alternately towards each line
            let shift = -toward * Double((k + 1) / 2) / Double(steps)
            // Where each line's centre may go along the bisector: from where the wedge holds its
            // farthest edge to where its outer corner meets `outer`.
            func range(width: Double, height: Double, offset: Double) -> (low: Double, high: Double) {
                let far = abs(offset) + height / 2
                guard far < outer else { return (.infinity, -.infinity) }
                return (start(height: 2 * far, sweep: sweep, inner: inner) + width / 2,
                        (outer * outer - far * far).squareRoot() - width / 2)
            }
            let a = range(width: widths.0, height: heights.0, offset: centred.0 + shift)
            let b = range(width: widths.1, height: heights.1, offset: centred.1 + shift)
            let low = max(a.low, b.low), high = min(a.high, b.high)
            if low <= high { return ((low + high) / 2, (centred.0 + shift, centred.1 + shift)) }
        }
        return nil
    }
    /// How finely `place` tries shifts between centred and a line on the bisector.
    static let shiftSteps = 8

    /// The two lines' heights at `size`.
    func heights(_ shape: TwoLines, size: Double) -> (Double, Double) {
        (fonts.lineMetrics(size: size).height, fonts.lineMetrics(size: secondSize(shape, size: size)).height)
    }

    /// The largest size (the steps of `wholeFit`) at which `shape` fits whole; nil below `minimumSize`.
    func wholeFit(_ shape: TwoLines, sweep: Double, inner: Double, outer: Double) -> Double? {
        let first = fonts.measure(shape.first, size: 1).width, second = fonts.measure(shape.second, size: 1).width
        var size = maximumSize
        while size >= minimumSize {
            if place(widths: (first * size, second * secondSize(shape, size: size)), heights: heights(shape, size: size),
                     sweep: sweep, inner: inner, outer: outer) != nil { return size }
            if size == minimumSize { break }
            size = max(minimumSize, size * 0.94)
        }
        return nil
    }

    /// The longest first line (px, to a tenth) that fits above a second `second` px long (nil: as long
    /// as the first), or nil when none does.
    func widest(second: Double?, heights: (Double, Double), sweep: Double, inner: Double, outer: Double) -> Double? {
        func fits(_ w: Double) -> Bool {
            place(widths: (w, second ?? w), heights: heights, sweep: sweep, inner: inner, outer: outer) != nil
        }
        var low = 0.0, high = 2 * outer
        guard fits(low) else { return nil }
        while high - low > 0.1 {
            let mid = (low + high) / 2
            if fits(mid) { low = mid } else { high = mid }
        }
        return low
    }

    /// The largest sizes at which `name` then `suffix` fits whole on one line, and on one line or
    /// two; nil when it fits at no size from `minimumSize`.
    func bestFit(_ name: String, suffix: String, sweep: Double, inner: Double, outer: Double) -> (oneLine: Double?, any: Double?) {
        let one = wholeFit(name + suffix, sweep: sweep, inner: inner, outer: outer)
        if let one, one >= maximumSize { return (one, one) }
        // Two lines must be larger than one: a wedge too narrow to start them at that size (a wheel of
        // many slices) tries no more.
        let least = max(minimumSize, one ?? minimumSize)
        let lowest = fonts.lineMetrics(size: least).height + fonts.lineMetrics(size: max(least * LabelFitter.suffixScale, minimumSize)).height
        guard start(height: lowest, sweep: sweep, inner: inner) < outer else { return (one, one) }
        var best = one
        for shape in LabelFitter.largest(twoLineShapes(name, suffix: suffix)) {
            if let size = wholeFit(shape, sweep: sweep, inner: inner, outer: outer), size > best ?? 0 { best = size }
        }
        return (one, best)
    }

    /// The label at `size`: on one line when it fits whole, else on two lines whole (the name above
    /// its suffix first), else cut ("…" within the name, the suffix whole) on whichever layout shows
    /// the most of it; nil when none can be drawn (`planAlongBisector`'s rules).
    /// `suffixBelow`: the name above its suffix even when one line would do (as its neighbours are).
    func plan(_ name: String, suffix: String = "", size: Double, sweep: Double, inner: Double, outer: Double,
              suffixBelow: Bool = false) -> LabelPlan? {
        if suffixBelow, let shape = LabelFitter.suffixShape(name, suffix: suffix),
           let plan = whole(shape, text: name + suffix, size: size, sweep: sweep, inner: inner, outer: outer) { return plan }
        let single = planAlongBisector(name, suffix: suffix, size: size, sweep: sweep, inner: inner, outer: outer)
        if let single, single.text == name + suffix { return single }
        let shapes = twoLineShapes(name, suffix: suffix)
        guard !shapes.isEmpty else { return single }
        // The name above its suffix when it fits; else the best-reading break that fits.
        var whole: LabelPlan?, rank = Int.max
        for shape in shapes where LabelFitter.breakRank(shape) < rank {
            if let plan = self.whole(shape, text: name + suffix, size: size, sweep: sweep, inner: inner, outer: outer) {
                whole = plan
                rank = LabelFitter.breakRank(shape)
                if rank == 0 { break }
            }
        }
        if let whole { return whole }
        var best = single
        for shape in LabelFitter.largest(shapes) {
            guard let cut = cut(shape, name: name, suffix: suffix, size: size, sweep: sweep, inner: inner, outer: outer) else { continue }
            if cut.text.count > best?.text.count ?? 0 { best = cut }
        }
        return best
    }

    /// The labels of a wheel's slices (`names[i]` then `suffixes[i]` in a slice of `sweeps[i]`, from
    /// `inner` to `outer(i)`), all at one size: the largest at which each fits (`commonSize`) on one
    /// line or two, and never smaller than the size for one line alone. When one
    /// label's odds or "sold out" go below its name, every label's that fits so does too: a wheel
    /// reads its odds in one place.
    func plans(names: [String], suffixes: [String], sweeps: [Double], inner: Double, outer: (Int) -> Double) -> [LabelPlan?] {
        let fits = names.indices.map { bestFit(names[$0], suffix: suffixes[$0], sweep: sweeps[$0], inner: inner, outer: outer($0)) }
        // Never smaller than on one line: a name too long for one line at any size, that two lines
        // hold only small, ends in "…" at its neighbours' size instead of shrinking them all.
        let size = max(commonSize(fits.map(\.oneLine)), commonSize(fits.map(\.any)))
        func plans(suffixBelow: Bool) -> [LabelPlan?] {
            names.indices.map {
                plan(names[$0], suffix: suffixes[$0], size: size, sweep: sweeps[$0], inner: inner, outer: outer($0), suffixBelow: suffixBelow)
            }
        }
        let first = plans(suffixBelow: false)
        return first.contains { $0?.suffixBelow ?? false } ? plans(suffixBelow: true) : first
    }

    /// `shape` at `size` when both lines fit whole.
    private func whole(_ shape: TwoLines, text: String, size: Double, sweep: Double, inner: Double, outer: Double) -> LabelPlan? {
        stacked(shape.first, shape.second, text: text, shape: shape, size: size, sweep: sweep, inner: inner, outer: outer)
    }

    /// `shape` at `size` with its name cut: the name above its suffix, the name cut to the line; or a
    /// broken name, as many whole words as fit on the first line and the rest cut before the suffix.
    private func cut(_ shape: TwoLines, name: String, suffix: String, size: Double, sweep: Double, inner: Double,
                     outer: Double) -> LabelPlan? {
        let heights = heights(shape, size: size)
        if shape.secondScale != 1 {
            let second = fonts.measure(shape.second, size: secondSize(shape, size: size)).width
            guard let length = widest(second: second, heights: heights, sweep: sweep, inner: inner, outer: outer),
                  let short = fonts.ellipsized(name, size: size, width: length), LabelFitter.readable(short, of: name) else { return nil }
            return stacked(short, shape.second, text: short + suffix, shape: shape, size: size, sweep: sweep, inner: inner, outer: outer)
        }
        guard let length = widest(second: nil, heights: heights, sweep: sweep, inner: inner, outer: outer) else { return nil }
        let words = name.split(separator: " ", omittingEmptySubsequences: true)
        var first = "", used = 0
        while used < words.count - 1 {
            let longer = first.isEmpty ? String(words[used]) : first + " " + words[used]
            guard fonts.measure(longer, size: size).width <= length else { break }
            first = longer
            used += 1
        }
        guard !first.isEmpty else { return nil }
        let rest = words[used...].joined(separator: " ")
        let room2 = length - fonts.measure(suffix, size: size).width
        guard room2 > 0, var short = fonts.ellipsized(rest, size: size, width: room2), LabelFitter.readable(short, of: rest) else { return nil }
        // Cut after a whole word where there is one ("for two…", not "for two i…").
        let kept = short.dropLast(FontStack.ellipsis.count)
        if !rest.hasPrefix(kept + " "), let space = kept.lastIndex(of: " ") {
            short = NamesFile.trimmed(String(kept[..<space])) + FontStack.ellipsis
        }
        return stacked(first, short + suffix, text: first + " " + short + suffix, shape: shape, size: size, sweep: sweep,
                       inner: inner, outer: outer)
    }

    /// `first` above `second` at `size` (the second at `shape`'s scale), placed in the wedge; nil
    /// when they do not fit.
    private func stacked(_ first: String, _ second: String, text: String, shape: TwoLines, size: Double, sweep: Double,
                         inner: Double, outer: Double) -> LabelPlan? {
        let small = secondSize(shape, size: size)
        guard let placed = place(widths: (fonts.measure(first, size: size).width, fonts.measure(second, size: small).width),
                                 heights: heights(shape, size: size), sweep: sweep, inner: inner, outer: outer) else { return nil }
        var plan = LabelPlan(text: text, radius: placed.radius,
                             lines: [LabelLine(text: first, size: size, offset: placed.offsets.0),
                                     LabelLine(text: second, size: small, offset: placed.offsets.1)])
        plan.suffixBelow = shape.secondScale != 1
        return plan
    }
}
