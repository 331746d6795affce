import MeridianCore
import MeridianLibC

/// Places labels without overlaps, most important first.
///
/// ```swift
/// var placer = LabelPlacer(width: 800, height: 600)
/// placer.addObstacle(Box(minX: 10, minY: 10, maxX: 40, maxY: 40))   // a marker
/// placer.place(text: "Station", fontSize: 11, candidates: [...])     // the first free spot, or nil
/// ```
///
/// Greedy placement in priority order is what map renderers do (Mapbox GL,
/// MapKit): a label takes the first of its candidate positions that lies
/// inside the image and touches no placed label or obstacle; if none is
/// free it is dropped, never drawn over another. Boxes are estimated from
/// the text (0.6 em per character, 1 em for wide scripts), kept in a
/// uniform grid so each test looks only at nearby boxes: O(1) expected per
/// candidate.
struct LabelPlacer {
    struct Box: Hashable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    /// Where a label's text goes: its anchor point and alignment, and the
    /// angle (degrees, clockwise) it is turned by about the point
    /// (`x`, `y - baselineShift`), which lies on the line it follows.
    struct Candidate {
        enum Alignment { case start, middle, end }
        var x: Double
        /// Baseline.
        var y: Double
        var alignment: Alignment
        var angle: Double = 0
        var baselineShift: Double = 0
    }

    let width: Double
    let height: Double
    private let cellSize = 48.0
    private var cells: [Int: [Int]] = [:]
    private var boxes: [Box] = []
    private let columns: Int

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        columns = Int(width / 48) + 3
    }

    /// The estimated box of a text.
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars {
            em += scalar.value >= 0x1100 ? 1.0 : (scalar.properties.isUppercase ? 0.68 : 0.58)
        }
        return em * fontSize
    }

    static func box(for candidate: Candidate, textWidth: Double, fontSize: Double) -> Box {
        let minX: Double
        switch candidate.alignment {
        case .start: minX = candidate.x
        case .middle: minX = candidate.x - textWidth / 2
        case .end: minX = candidate.x - textWidth
        }
        // Ascent ~0.8 em above the baseline, descent ~0.25 em below, plus the halo.
        let box = Box(
            minX: minX - 1.5, minY: candidate.y - fontSize * 0.8 - 1.5, maxX: minX + textWidth + 1.5,
            maxY: candidate.y + fontSize * 0.25 + 1.5)
        guard candidate.angle != 0 else { return box }
        // A turned label takes the box around its turned corners.
        let cx = candidate.x
        let cy = candidate.y - candidate.baselineShift
        let radians = candidate.angle * .pi / 180
        let (c, s) = (cos(radians), sin(radians))
        var turned = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
            let tx = cx + (x - cx) * c - (y - cy) * s
            let ty = cy + (x - cx) * s + (y - cy) * c
            turned = Box(
                minX: min(turned.minX, tx), minY: min(turned.minY, ty), maxX: max(turned.maxX, tx),
                maxY: max(turned.maxY, ty))
        }
        return turned
    }

    mutating func addObstacle(_ box: Box) {
        let index = boxes.count
        boxes.append(box)
        // A loop here, not a closure given to a method of `self`: that
        // call held a copy of the placer, so each change to `cells` copied
        // the whole grid (48 ms for the 95 000 labels of a large map).
        for cell in cells(of: box) { cells[cell, default: []].append(index) }
    }

    func isFree(_ box: Box) -> Bool {
        guard box.minX >= 1, box.minY >= 1, box.maxX <= width - 1, box.maxY <= height - 1 else { return false }
        for cell in cells(of: box) {
            guard let members = cells[cell] else { continue }
            for member in members where boxes[member].intersects(box) { return false }
        }
        return true
    }

    /// The first free candidate, which is then occupied; nil when none is free.
    mutating func place(text: String, fontSize: Double, candidates: [Candidate]) -> Candidate? {
        let textWidth = Self.textWidth(text, fontSize: fontSize)
        for candidate in candidates {
            let box = Self.box(for: candidate, textWidth: textWidth, fontSize: fontSize)
            if isFree(box) {
                addObstacle(box)
                return candidate
            }
        }
        return nil
    }

    /// The grid cells `box` touches, row by row, worked out as they are
    /// read (no array made for each test of a candidate).
    private func cells(of box: Box) -> some Sequence<Int> {
        // Boxes are clamped to a little beyond the image, so no cell index can overflow.
        func cell(_ value: Double) -> Int { Int((max(-1e5, min(1e5, value)) / cellSize).rounded(.down)) }
        let x0 = max(-1, cell(box.minX))
        let x1 = min(columns - 2, cell(box.maxX))
        let y0 = max(-1, cell(box.minY))
        let y1 = min(Int(height / cellSize) + 1, cell(box.maxY))
        let columns = self.columns
        // Half-open and never reversed: empty when the box misses the grid.
        return (y0..<max(y0, y1 + 1)).lazy.flatMap { y in
            (x0..<max(x0, x1 + 1)).lazy.map { x in (y + 1) * columns + x + 1 }
        }
    }
}
