import MeridianCore
import MeridianLibC

/// Limits on where a map looks, as MapKit for SwiftUI's `MapCameraBounds`:
/// the map points its centre may take, and the nearest and farthest its
/// camera may be. Whatever the position (a region, a camera, automatic),
/// the view is moved and zoomed into these bounds, as MapKit clamps a
/// camera that would leave them.
///
/// ```swift
/// let campus = MapRect(CoordinateRegion(center: cambridge, latitudinalMeters: 2_000, longitudinalMeters: 2_000))
/// Map(position: .camera(MapCamera(center: london, distance: 200)),
///     bounds: MapCameraBounds(centerCoordinateBounds: campus, minimumDistance: 500, maximumDistance: 5_000)) { ... }
/// // centred on the edge of the campus nearest London, from 500 m
/// ```
///
/// A view's distance is that of the camera showing it: the shorter side of
/// the image spans `2 * distance * tan(15 deg)` metres (see ``MapCamera``).
public struct MapCameraBounds: Sendable, Hashable {
    public var centerCoordinateBounds: MapRect?
    public var minimumDistance: Double?
    public var maximumDistance: Double?

    public init(centerCoordinateBounds: MapRect? = nil, minimumDistance: Double? = nil, maximumDistance: Double? = nil)
    {
        self.centerCoordinateBounds = centerCoordinateBounds
        self.minimumDistance = minimumDistance
        self.maximumDistance = maximumDistance
    }

    public init(
        centerCoordinateBounds region: CoordinateRegion, minimumDistance: Double? = nil, maximumDistance: Double? = nil
    ) {
        self.init(
            centerCoordinateBounds: MapRect(region), minimumDistance: minimumDistance, maximumDistance: maximumDistance)
    }

    /// Refuses bounds no view can keep: distances that are not positive
    /// and finite or the wrong way round, a rect that is empty or not finite.
    func check() throws(DiagnosticError) {
        for distance in [minimumDistance, maximumDistance].compactMap({ $0 }) {
            guard distance.isFinite, distance >= Snapshotter.minimumCameraDistance,
                distance <= Snapshotter.maximumCameraDistance
            else { throw Self.error("a camera bounds distance of \(distance) m; give 0.1 to 100 000 000 metres") }
        }
        if let low = minimumDistance, let high = maximumDistance, low > high {
            throw Self.error("a minimum distance of \(low) m above the maximum, \(high) m")
        }
        if let rect = centerCoordinateBounds {
            guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
                rect.width >= 0, rect.height >= 0
            else { throw Self.error("centre bounds that are empty or not finite") }
        }
    }

    private static func error(_ detail: String) -> DiagnosticError {
        DiagnosticError(
            code: "snapshot.camera.bounds", message: "the camera bounds cannot be kept: \(detail)",
            location: SourceLocation(property: "cameraBounds"))
    }

    /// The view moved and zoomed into the bounds.
    func clamp(_ view: Viewport) -> Viewport {
        var k = view.pointsPerMapPoint
        var center = view.center
        let shorter = min(view.width, view.height)
        let perMeter = mapPointsPerMeter(atLatitude: center.coordinate.latitude)
        let distance = shorter / k / perMeter / (2 * tan(MapCamera.halfFieldOfView))
        var clamped = distance
        if let low = minimumDistance { clamped = max(clamped, low) }
        if let high = maximumDistance { clamped = min(clamped, high) }
        if clamped != distance { k = shorter / (2 * clamped * tan(MapCamera.halfFieldOfView) * perMeter) }
        if let rect = centerCoordinateBounds {
            center = MapPoint(x: min(max(center.x, rect.minX), rect.maxX), y: min(max(center.y, rect.minY), rect.maxY))
        }
        guard k != view.pointsPerMapPoint || center != view.center else { return view }
        return Viewport(
            width: view.width, height: view.height, center: center, pointsPerMapPoint: k, heading: view.heading)
    }
}
