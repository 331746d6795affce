import Meridian
import MeridianCommandLine

// Option values that the command line's reader converts and checks, so that a bad value
// is a usage error (status 2) before any work, and each command only reads
// typed values.

/// `--theme light|dark`.
enum ThemeName: String, ArgumentValue, CaseIterable {
    case light, dark

    var theme: Theme { self == .dark ? .dark : .light }
}

/// `--marker auto|balloon|dot`.
enum MarkerChoice: String, ArgumentValue, CaseIterable {
    case auto, balloon, dot

    var style: MarkerStyle {
        switch self {
        case .auto: .automatic
        case .balloon: .balloon
        case .dot: .dot
        }
    }
}

/// `--compass auto|always|never`.
enum CompassChoice: String, ArgumentValue, CaseIterable {
    case auto, always, never

    var visibility: CompassVisibility {
        switch self {
        case .auto: .automatic
        case .always: .always
        case .never: .never
        }
    }
}

/// `--scale-bar metric|imperial|yards|none`.
enum ScaleBarChoice: String, ArgumentValue, CaseIterable {
    case metric, imperial, yards, none

    var units: DistanceFormatter.Units? {
        switch self {
        case .metric: .metric
        case .imperial: .imperial
        case .yards: .imperialWithYards
        case .none: nil
        }
    }
}

/// `--size WIDTHxHEIGHT`, 16 to 100 000 points each.
struct MapSize: ArgumentValue, CustomStringConvertible {
    var size: Snapshotter.Size

    init(width: Double, height: Double) {
        size = Snapshotter.Size(width: width, height: height)
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
            (16...100_000).contains(width), (16...100_000).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var description: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// A comma-separated list of finite numbers (`--region`, `--bbox`,
/// `--camera`); the command checks how many.
struct NumberList: ArgumentValue {
    var values: [Double]

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.filter { $0 != " " })
        }
        guard parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
        values = parts.map { $0! }
    }
}

/// `--on-error stop|skip`.
enum RecordErrorChoice: String, ArgumentValue, CaseIterable {
    case stop, skip
}

/// `--format svg|png` of render.
extension ImageFormat: ArgumentValue {}
