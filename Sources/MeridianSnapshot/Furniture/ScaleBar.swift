import MeridianCore
import MeridianLibC

/// The scale bar: a round distance (1, 2 or 5 times a power of ten) drawn
/// to scale at the map's centre and labelled with ``DistanceFormatter``.
///
/// ```swift
/// let bar = ScaleBar(metersPerPoint: 12.5, units: .metric, maximumLength: 150)
/// bar?.length    // 80 points
/// bar?.label     // "1 km"
/// ```
///
/// Imperial bars count feet (yards) up to 500 ft (100 yd) and miles from
/// 0.1 mi, because DistanceFormatter switches to miles at 0.1 mile and a
/// "1,000 ft" bar would be labelled "0.2 mi". Web Mercator's scale changes
/// with latitude, so the snapshotter leaves the bar out when it would be
/// wrong by more than a quarter at the top or bottom edge.
struct ScaleBar {
    let length: Double
    let meters: Double
    let label: String

    init?(metersPerPoint: Double, units: DistanceFormatter.Units, maximumLength: Double) {
        guard metersPerPoint.isFinite, metersPerPoint > 0, maximumLength > 0 else { return nil }
        let limit = metersPerPoint * maximumLength
        var best: Double?
        for step in Self.steps(for: units) where step <= limit {
            best = step
        }
        guard let best else { return nil }
        meters = best
        length = best / metersPerPoint
        label = DistanceFormatter(units: units).string(fromDistance: best)
    }

    /// Candidate lengths in metres, increasing.
    static func steps(for units: DistanceFormatter.Units) -> [Double] {
        let mantissas = [1.0, 2, 5]
        var steps: [Double] = []
        switch units {
        case .metric:
            for exponent in -1...7 { for m in mantissas { steps.append(m * pow(10, Double(exponent))) } }
        case .imperial, .imperialWithYards:
            let small = units == .imperial ? 0.3048 : 0.9144
            let smallLimit = units == .imperial ? 500.0 : 100.0
            for exponent in 0...2 {
                for m in mantissas where m * pow(10, Double(exponent)) <= smallLimit {
                    steps.append(m * pow(10, Double(exponent)) * small)
                }
            }
            for exponent in -1...4 { for m in mantissas { steps.append(m * pow(10, Double(exponent)) * 1609.344) } }
        }
        return steps
    }

    /// Writes the bar with its left end at (x, y) (y is the bar's baseline).
    func write(into svg: inout SVGBuffer, x: Double, y: Double, theme: Theme) {
        svg.append("<g id=\"scale-bar\"")
        svg.attribute("data-meters", meters, decimals: 3)
        svg.append(">")
        // A panel behind, so the bar reads over any map.
        svg.append("<rect")
        svg.attribute("x", x - 6)
        svg.attribute("y", y - 20)
        svg.attribute("width", length + 12)
        svg.append(" height=\"28\" rx=\"4\"")
        svg.attribute("fill", escaping: theme.panel)
        svg.append(" fill-opacity=\"0.85\"/><path d=\"M")
        svg.appendNumber(x)
        svg.append(",")
        svg.appendNumber(y - 5)
        svg.append("v5h")
        svg.appendNumber(length)
        svg.append("v-5\" fill=\"none\"")
        svg.attribute("stroke", escaping: theme.text)
        svg.append(" stroke-width=\"1.5\"/><text")
        svg.attribute("x", x)
        svg.attribute("y", y - 8)
        svg.append(" font-size=\"10\"")
        svg.attribute("fill", escaping: theme.text)
        svg.append(">")
        svg.appendEscaped(label)
        svg.append("</text></g>\n")
    }
}
