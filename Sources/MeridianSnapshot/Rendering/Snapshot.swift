import MeridianCore

/// A finished map image as SVG, as `MKMapSnapshotter.Snapshot`: the
/// document, and the projection that made it so callers can place their
/// own content.
///
/// ```swift
/// let snapshot = try Snapshotter(options: options).snapshot()
/// let where = snapshot.point(for: Coordinate(latitude: 52.2, longitude: 0.12))
/// let annotated = snapshot.appending(markup: "<circle cx=\"\(where.x)\" cy=\"\(where.y)\" r=\"4\"/>")
/// let document = annotated.bytes   // UTF-8 SVG, to write wherever it goes
/// ```
///
/// A snapshot is a value: the SVG bytes plus the viewport. ``point(for:)``
/// is O(1); ``bytes`` joins the document's ``parts`` and ``svg`` copies
/// them into a String. It writes no files: the `Meridian` module adds
/// `write(toFile:)`, which writes atomically, part by part.
public struct Snapshot: Sendable, Hashable {
    /// The image size in points (the SVG's viewBox).
    public let size: Snapshotter.Size
    public let scale: Double
    let viewport: Viewport
    /// The document up to (not including) the closing `</svg>`, in the
    /// parts it was written in: a large map's layers are not copied again
    /// to join them to the header, nor to write them out.
    private var body: [[UInt8]]
    /// Labels written, in placement order, and how many were dropped to avoid overlaps.
    public let placedLabels: [String]
    public let droppedLabelCount: Int

    init(
        size: Snapshotter.Size, scale: Double, viewport: Viewport, body: [[UInt8]], placedLabels: [String],
        droppedLabelCount: Int
    ) {
        self.size = size
        self.scale = scale
        self.viewport = viewport
        self.body = body
        self.placedLabels = placedLabels
        self.droppedLabelCount = droppedLabelCount
    }

    /// The SVG position (in points, origin top left) of a coordinate: the
    /// world copy nearest the centre, so a point across the antimeridian
    /// lands where the map shows it. Under a pitched camera a coordinate
    /// behind the eye has no position on the image; what this gives for it
    /// is meaningless (its ``coordinate(for:)`` is not the coordinate).
    public func point(for coordinate: Coordinate) -> Point {
        let mapPoint = MapPoint(coordinate)
        let world = MapSize.world.width
        var x = mapPoint.x
        x += ((viewport.center.x - x) / world).rounded() * world
        return Point(x: viewport.svgX(x, mapPoint.y), y: viewport.svgY(x, mapPoint.y))
    }

    /// The coordinate under a position on the image (SVG points, origin top
    /// left), the inverse of ``point(for:)``, as MapKit's
    /// `MapProxy.convert(_:from:)`: exact under any heading.
    public func coordinate(for point: Point) -> Coordinate {
        viewport.mapPoint(svgX: point.x, svgY: point.y).coordinate
    }

    /// The map rect the image covers (the bounding rect of the rotated view).
    public var visibleMapRect: MapRect { viewport.mapBounds(margin: 0) }

    /// The heading the map was drawn at, in degrees clockwise from north.
    public var heading: Double { viewport.heading }

    /// The document's UTF-8 bytes.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { bytes += part }
        return bytes
    }

    /// The document's UTF-8 bytes in parts, which joined are ``bytes``: to
    /// write a large map out without joining it first.
    public var parts: [[UInt8]] { body + [Array("</svg>\n".utf8)] }

    /// The document as text.
    public var svg: String { String(decoding: bytes, as: UTF8.self) }

    /// A copy with `markup` added on top of the map, just before `</svg>`.
    /// The markup is the caller's own SVG and is inserted as given.
    public func appending(markup: String) -> Snapshot {
        var copy = self
        copy.body.append(Array(markup.utf8) + [UInt8(ascii: "\n")])
        return copy
    }

    /// Equal when the documents are, however they are split into parts.
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs.size == rhs.size && lhs.scale == rhs.scale && lhs.viewport == rhs.viewport
            && lhs.placedLabels == rhs.placedLabels && lhs.droppedLabelCount == rhs.droppedLabelCount
            && lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(scale)
        hasher.combine(viewport)
        hasher.combine(placedLabels)
        hasher.combine(droppedLabelCount)
        hasher.combine(bytes)
    }
}
