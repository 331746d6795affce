import MeridianCore

extension Snapshotter {
    /// The largest camera distance: 100 000 km, from where the shorter side
    /// of the image spans more than the Earth's circumference.
    static let maximumCameraDistance = 1e8
    /// The smallest camera distance: 10 cm, a view about 5 cm across.
    static let minimumCameraDistance = 0.1

    /// Checks every option a snapshot depends on before anything is
    /// computed from it, so that no value (NaN, 1e300, 1e-300) reaches
    /// arithmetic that could trap or a loop that could run away. Errors
    /// are `DiagnosticError`s located at the option (`location.property`)
    /// with a `snapshot.options.*` or `snapshot.camera.*` code, which the
    /// command line reports as usage errors (exit status 2).
    ///
    /// Ranges follow MapKit where it has one: a region's centre is a valid
    /// `CLLocationCoordinate2D` (latitude -90...90, longitude -180...180)
    /// and its span at most 180 by 360 degrees, as `MKCoordinateRegion`
    /// asks; a map rect lies within one world width of the world
    /// (`MKMapRect` x and y between -2^28 and 2^29), which a box across the
    /// antimeridian needs and nothing sensible exceeds.
    func validate() throws(DiagnosticError) {
        func fail(_ code: String, _ property: String, _ message: String) -> DiagnosticError {
            DiagnosticError(code: code, message: message, location: SourceLocation(property: property))
        }
        let size = options.size
        guard size.width.isFinite, size.height.isFinite, size.width >= 16, size.height >= 16,
            size.width <= 100_000, size.height <= 100_000
        else {
            throw fail(
                "snapshot.options.size", "size", "the image size must be between 16 and 100000 points on each side")
        }
        guard options.scale.isFinite, options.scale > 0, options.scale <= 16 else {
            throw fail("snapshot.options.scale", "scale", "the scale must be greater than 0 and at most 16")
        }
        guard (0...6).contains(options.precision) else {
            throw fail(
                "snapshot.options.precision", "precision", "the coordinate precision must be between 0 and 6 decimals")
        }
        guard options.simplificationTolerance.isFinite, options.simplificationTolerance >= 0 else {
            throw fail(
                "snapshot.options.tolerance", "simplificationTolerance",
                "the simplification tolerance must be a number of pixels, 0 or more")
        }
        let fontSize = options.labels.fontSize
        guard fontSize.isFinite, fontSize >= 1, fontSize <= 1_000 else {
            throw fail("snapshot.options.font-size", "labels.fontSize", "the label size must be 1 to 1000 points")
        }
        switch options.framing {
        case .automatic(let padding):
            guard padding.isFinite else {
                throw fail(
                    "snapshot.options.padding", "framing.padding",
                    "the padding must be a finite number of points, not \(padding)")
            }
        case .region(let region):
            let center = region.center
            guard (-90...90).contains(center.latitude), (-180...180).contains(center.longitude) else {
                throw fail(
                    "snapshot.options.region", "framing.region.center",
                    "the region's centre must have a latitude of -90 to 90 and a longitude of -180 to 180 degrees")
            }
            let span = region.span
            guard span.latitudeDelta > 0, span.latitudeDelta <= 180, span.longitudeDelta > 0,
                span.longitudeDelta <= 360
            else {
                throw fail(
                    "snapshot.options.region", "framing.region.span",
                    "the region's span must be more than 0 and at most 180 degrees of latitude and 360 of longitude")
            }
        case .mapRect(let rect):
            let world = MapSize.world.width
            let edges = [rect.minX, rect.maxX, rect.minY, rect.maxY]
            // A null rect (infinite origin) is left to framing, which reports it as empty.
            guard rect.isNull || edges.allSatisfy({ $0.isFinite && $0 >= -world && $0 <= 2 * world }) else {
                throw fail(
                    "snapshot.options.map-rect", "framing.mapRect",
                    "the map rect must lie within one world width (2^28 map points) of the world")
            }
        case .camera(let camera):
            guard camera.pitch.isFinite, (0...MapCamera.maximumPitch).contains(camera.pitch) else {
                throw fail(
                    "snapshot.camera.pitch", "framing.camera.pitch",
                    "a camera pitch of \(camera.pitch) degrees cannot be drawn: give 0 (straight down) to \(Int(MapCamera.maximumPitch)) degrees"
                )
            }
            guard (-90...90).contains(camera.center.latitude), (-180...180).contains(camera.center.longitude) else {
                throw fail(
                    "snapshot.camera.center", "framing.camera.center",
                    "the camera's centre must have a latitude of -90 to 90 and a longitude of -180 to 180 degrees")
            }
            guard camera.distance >= Self.minimumCameraDistance, camera.distance <= Self.maximumCameraDistance else {
                throw fail(
                    "snapshot.camera.distance", "framing.camera.distance",
                    "the camera's distance must be between 0.1 and 100000000 metres, not \(camera.distance)")
            }
            guard camera.heading.isFinite else {
                throw fail("snapshot.camera.heading", "framing.camera.heading", "the camera's heading must be finite")
            }
        }
    }
}
