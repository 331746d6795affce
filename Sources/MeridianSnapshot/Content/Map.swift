import MeridianCore
import MeridianPlaces
import MeridianLibC

/// Where a map looks, as MapKit for SwiftUI's `MapCameraPosition`.
///
/// ```swift
/// Map(position: .automatic) { ... }                       // fit everything drawn
/// Map(position: .region(CoordinateRegion(center: cambridge, latitudinalMeters: 3_000, longitudinalMeters: 3_000)))
/// Map(position: .camera(MapCamera(center: cambridge, distance: 2_000, heading: 30)))
/// Map(position: .item("gate-b")) { ... }                  // frame one tagged marker, or a feature by id
/// ```
public enum MapCameraPosition: Sendable, Hashable {
    /// Fit everything drawn.
    case automatic
    case region(CoordinateRegion)
    case rect(MapRect)
    case camera(MapCamera)
    /// Frame the content or feature with this id (a ``Marker`` or
    /// ``Annotation``'s tag, or a feature's id in a data layer): its
    /// extent, at least 1 000 m across.
    case item(String)
}

/// How a map looks, as MapKit for SwiftUI's `MapStyle.standard`: its
/// emphasis, which points of interest of the data it shows, and its colour
/// scheme.
///
/// ```swift
/// Map { ... }.mapStyle(.standard(emphasis: .muted, pointsOfInterest: .including([.cafe, .restroom])))
/// Map { ... }.mapStyle(.standard(colorScheme: .dark))
/// ```
public struct MapStyle: Sendable, Hashable {
    /// `MapStyle.StandardEmphasis`: `muted` dims the data layers so the
    /// declared content stands out.
    public enum Emphasis: String, Sendable, Hashable, CaseIterable {
        case automatic, muted
    }

    /// SwiftUI's `ColorScheme`.
    public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
        case light, dark
    }

    public var emphasis: Emphasis
    /// Which of the data layers' points are drawn, by MapKit category;
    /// declared content is always drawn.
    public var pointsOfInterest: PointOfInterestFilter
    public var colorScheme: ColorScheme

    public static let standard = MapStyle.standard()

    public static func standard(
        emphasis: Emphasis = .automatic, pointsOfInterest: PointOfInterestFilter = .all,
        colorScheme: ColorScheme = .light
    ) -> MapStyle {
        MapStyle(emphasis: emphasis, pointsOfInterest: pointsOfInterest, colorScheme: colorScheme)
    }

    /// How much of a data layer a muted map shows.
    static let mutedOpacity = 0.45
}

/// The controls drawn on a map, as MapKit for SwiftUI's `MapCompass` and
/// `MapScaleView`: a compass (shown when the map is rotated, as MapKit
/// shows it) and a scale view.
public struct MapControls: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let compass = MapControls(rawValue: 1)
    public static let scaleView = MapControls(rawValue: 2)
}

/// A map declared as MapKit for SwiftUI declares one, drawn as a
/// snapshot: content (``MapContent``), a camera position, a style and
/// controls.
///
/// ```swift
/// let map = Map(position: .automatic) {
///     MapPolyline(coordinates: route).stroke(.blue, lineWidth: 5)
///     Marker("Start", symbol: "bicycle", coordinate: route[0]).tint(.green)
///     MapCircle(center: route.last!, radius: 150).foregroundStyle(.red.opacity(0.25))
///     parks                                               // a Layer read from a file, drawn underneath
/// }
/// .mapStyle(.standard(emphasis: .muted))
/// let snapshot = try map.snapshot(size: Snapshotter.Size(width: 800, height: 600), scale: 2)
/// ```
///
/// Content is checked when the map is drawn: a coordinate off the globe
/// (`snapshot.content.coordinate`), a negative radius
/// (`snapshot.content.radius`), a stroke no map can draw
/// (`snapshot.content.style`) or an annotation symbol that is not SVG path
/// data (`snapshot.content.symbol`) is an error naming the content, and
/// titles are written as text, never as markup.
public struct Map: Sendable {
    public var position: MapCameraPosition
    public var bounds: MapCameraBounds?
    public var style = MapStyle.standard
    public var controls: MapControls = [.compass, .scaleView]
    public var title: String?
    public var attribution: String?
    /// Vector tiles drawn beneath everything, where MapKit draws its map.
    public var basemap: Basemap?
    public var content: MapContentGroup

    public init(
        position: MapCameraPosition = .automatic, bounds: MapCameraBounds? = nil,
        @MapContentBuilder content: () -> MapContentGroup
    ) {
        self.position = position
        self.bounds = bounds
        self.content = content()
    }

    public func mapStyle(_ style: MapStyle) -> Map {
        var copy = self
        copy.style = style
        return copy
    }

    /// The map drawn over a basemap (nil: on the theme's plain ground).
    public func basemap(_ basemap: Basemap?) -> Map {
        var copy = self
        copy.basemap = basemap
        return copy
    }

    public func mapControls(_ controls: MapControls) -> Map {
        var copy = self
        copy.controls = controls
        return copy
    }

    /// The map as snapshot options: content checked and grouped into
    /// layers, the camera position as a framing, the style and controls.
    public func options(size: Snapshotter.Size, scale: Double = 1) throws(DiagnosticError) -> Snapshotter.Options {
        var options = Snapshotter.Options(layers: try layers())
        options.size = size
        options.scale = scale
        options.theme = style.colorScheme == .dark ? .dark : .light
        options.pointFilter = style.pointsOfInterest
        options.emphasis = style.emphasis
        options.compass = controls.contains(.compass) ? .automatic : .never
        options.scaleBar = controls.contains(.scaleView) ? .metric : nil
        options.title = title
        options.attribution = attribution
        options.framing = try framing(of: options.layers)
        options.cameraBounds = bounds
        options.basemap = basemap
        return options
    }

    /// Draws the map.
    public func snapshot(size: Snapshotter.Size = Snapshotter.Size(width: 1024, height: 768), scale: Double = 1)
        throws(DiagnosticError) -> Snapshot
    {
        try Snapshotter(options: options(size: size, scale: scale)).snapshot()
    }

    /// Declared content in layers of its own between the data layers, in
    /// the order declared.
    func layers() throws(DiagnosticError) -> [Layer] {
        var layers: [Layer] = []
        var current: Layer?
        func close() {
            if let layer = current { layers.append(layer) }
            current = nil
        }
        for element in content.mapElements {
            try Self.check(element)
            if case .layer(let layer) = element.kind {
                close()
                layers.append(layer)
                continue
            }
            if current == nil {
                let count = layers.filter { $0.role == .content }.count
                current = Layer(id: count == 0 ? "content" : "content-\(count + 1)")
                current?.role = .content
            }
            switch element.kind {
            case .feature(let feature): current?.features.append(feature)
            case .circle(let circle, let properties): current?.overlays.append(.circle(circle, properties: properties))
            case .geodesic(let vertices, let properties):
                current?.overlays.append(.geodesicPolyline(GeodesicPolyline(vertices), properties: properties))
            case .layer: break
            }
        }
        close()
        return layers
    }

    private static func check(_ element: MapElement) throws(DiagnosticError) {
        if let problem = element.problem {
            throw DiagnosticError(code: "snapshot.content.symbol", message: "\(element.describing): \(problem)")
        }
        try element.style?.check(element.describing)
        var coordinates: [Coordinate] = []
        switch element.kind {
        case .feature(let feature): feature.geometry?.forEachCoordinate { coordinates.append($0) }
        case .circle(let circle, _):
            coordinates = [circle.center]
            guard circle.radius.isFinite, circle.radius >= 0 else {
                throw DiagnosticError(
                    code: "snapshot.content.radius",
                    message: "\(element.describing) has a radius of \(circle.radius) m; give 0 or more metres")
            }
        case .geodesic(let vertices, _): coordinates = vertices
        case .layer: return
        }
        if let bad = coordinates.first(where: { !$0.isValid }) {
            throw DiagnosticError(
                code: "snapshot.content.coordinate",
                message:
                    "\(element.describing) has the coordinate \(bad.latitude), \(bad.longitude), off the globe: "
                    + "give a latitude of -90 to 90 and a longitude of -180 to 180")
        }
    }

    private func framing(of layers: [Layer]) throws(DiagnosticError) -> Framing {
        switch position {
        case .automatic: return .automatic(padding: 24)
        case .region(let region): return .region(region)
        case .rect(let rect): return .mapRect(rect)
        case .camera(let camera): return .camera(camera)
        case .item(let id):
            var points: [Coordinate] = []
            for layer in layers {
                for feature in layer.features where feature.id?.description == id {
                    feature.geometry?.forEachCoordinate { points.append($0) }
                }
            }
            guard !points.isEmpty else {
                throw DiagnosticError(
                    code: "snapshot.framing.invalid",
                    message: "no content or feature has the id \"\(id)\" to frame (tag a Marker or Annotation with it)")
            }
            let south = points.map(\.latitude).min()!
            let north = points.map(\.latitude).max()!
            let west = points.map(\.longitude).min()!
            let east = points.map(\.longitude).max()!
            let center = Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2)
            let metresPerDegree = 111_320.0
            let across = max(1_000, (north - south) * metresPerDegree * 1.2)
            let along = max(1_000, (east - west) * metresPerDegree * cos(center.latitude * .pi / 180) * 1.2)
            return .region(CoordinateRegion(center: center, latitudinalMeters: across, longitudinalMeters: along))
        }
    }
}
