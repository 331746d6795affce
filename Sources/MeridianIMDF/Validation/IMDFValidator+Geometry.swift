import MeridianCore

/// A feature drawn as a polygon with a display point in it.
protocol PolygonalFeature: IMDFFeature {
    var geometry: IMDF.Polygonal? { get }
    var displayPoint: Coordinate? { get }
}

extension IMDF.Venue: PolygonalFeature {}
extension IMDF.Level: PolygonalFeature {}
extension IMDF.Unit: PolygonalFeature {}
extension IMDF.Fixture: PolygonalFeature {}
extension IMDF.Kiosk: PolygonalFeature {}
extension IMDF.Section: PolygonalFeature {}
extension IMDF.Geofence: PolygonalFeature {}

extension IMDFValidator.Context {
    /// Each feature's polygons (``checkPolygonal(_:_:sliver:)``) and display point.
    private mutating func checkShapes<Shape: PolygonalFeature>(
        _ features: [Shape], sliver: Bool, displayPointRequired: Bool = false
    ) {
        for feature in features {
            checkPolygonal(feature.id, feature.geometry, sliver: sliver)
            checkDisplayPoint(feature.id, feature.displayPoint, in: feature.geometry, required: displayPointRequired)
        }
    }

    /// Ring validity, winding, slivers, display points, anchors.
    mutating func checkGeometry() {
        checkShapes(archive.venues, sliver: false, displayPointRequired: true)
        for footprint in archive.footprints { checkPolygonal(footprint.id, footprint.geometry, sliver: false) }
        checkShapes(archive.levels, sliver: false)
        checkShapes(archive.units, sliver: true)
        checkSharedDisplayPoints()
        checkShapes(archive.fixtures, sliver: true)
        checkShapes(archive.kiosks, sliver: true)
        checkShapes(archive.sections, sliver: true)
        checkShapes(archive.geofences, sliver: false)
        for building in archive.buildings {
            let outlines = archive.footprints(ofBuilding: building.id).compactMap(\.geometry)
            guard let point = building.displayPoint else {
                report(
                    .displayPointMissing, "building has no display_point", id: building.id, property: "display_point")
                continue
            }
            if !outlines.isEmpty, !outlines.contains(where: { $0.contains(point) }) {
                report(
                    .displayPointOutside, "display_point lies outside every footprint of the building", id: building.id,
                    property: "display_point")
            }
        }
        for opening in archive.openings {
            guard let point = opening.displayPoint else {
                report(.displayPointMissing, "opening has no display_point", id: opening.id, property: "display_point")
                continue
            }
            guard let line = opening.geometry, line.coordinates.count >= 2 else { continue }
            let shape = PlanarShape(lines: [line.coordinates], projection: projection)
            let distance = shape.boundaryDistance(projection.project(point))
            if distance > options.openingDisplayPointTolerance {
                report(
                    .displayPointOffLine, "display_point lies \(format(distance)) m off the opening's line",
                    id: opening.id, property: "display_point")
            }
        }
        for anchor in archive.anchors {
            guard let point = anchor.coordinate, let unitID = anchor.unitID, let unit = archive.unit(withID: unitID),
                let geometry = unit.geometry
            else { continue }
            if !geometry.contains(point) {
                report(
                    .anchorOutsideUnit, "the anchor lies outside its unit \(unitID)", id: anchor.id, property: "unit_id"
                )
            }
        }
    }

    /// Units of one level that share one display point.
    private mutating func checkSharedDisplayPoints() {
        struct Key: Hashable {
            var level: String
            var latitude: Double
            var longitude: Double
        }
        var groups: [Key: [String]] = [:]
        for unit in archive.units {
            guard let level = unit.levelID, let point = unit.displayPoint else { continue }
            groups[Key(level: level, latitude: point.latitude, longitude: point.longitude), default: []].append(unit.id)
        }
        for ids in groups.values where ids.count > 1 {
            for id in ids {
                report(
                    .displayPointShared,
                    "display_point is shared by \(ids.count) units of the level; at most one can lie in its unit",
                    id: id, property: "display_point")
            }
        }
    }

    private mutating func checkDisplayPoint(
        _ id: String, _ point: Coordinate?, in geometry: IMDF.Polygonal?, required: Bool
    ) {
        guard let point else {
            // A required one is already reported missing by the decoder.
            if !required {
                report(
                    .displayPointMissing,
                    "\(archive.featureType(ofID: id)?.rawValue ?? "feature") has no display_point", id: id,
                    property: "display_point")
            }
            return
        }
        guard let geometry else { return }
        if !geometry.contains(point) {
            report(
                .displayPointOutside,
                "display_point lies outside the \(archive.featureType(ofID: id)?.rawValue ?? "feature")'s geometry",
                id: id, property: "display_point")
        }
    }

    /// Closed rings of four or more positions, OGC validity through GEOS,
    /// right-hand-rule winding (warning), no slivers (warning).
    private mutating func checkPolygonal(_ id: String, _ geometry: IMDF.Polygonal?, sliver: Bool) {
        guard let geometry else { return }
        var wrongWinding = false
        for polygon in geometry.polygons {
            let rings = polygon.rings
            var valid = true
            for (index, ring) in rings.enumerated() {
                if ring.count < 4 {
                    report(
                        .ringTooShort, "ring \(index) has \(ring.count) positions; a linear ring needs 4 or more",
                        id: id, property: "geometry")
                    valid = false
                    continue
                }
                if ring.first != ring.last {
                    report(
                        .ringUnclosed, "ring \(index) is not closed: its first and last positions differ", id: id,
                        property: "geometry")
                    valid = false
                }
                let area = Geometry.signedArea(ofRing: ring)
                if (index == 0 && area < 0) || (index > 0 && area > 0) { wrongWinding = true }
            }
            if valid { checkValidity(id, rings) }
            if sliver && valid {
                let measure = PlanarShape.measure(rings.map { $0.map(projection.project) })
                let width = measure.perimeter > 0 ? 2 * measure.area / measure.perimeter : 0
                if measure.area < options.sliverArea || width < options.sliverWidth {
                    report(
                        .geometrySliver, "a sliver polygon: \(format(measure.area)) m^2, mean width \(format(width)) m",
                        id: id, property: "geometry")
                }
            }
        }
        if wrongWinding {
            report(
                .geometryWinding,
                "rings do not follow the right-hand rule (exterior counter-clockwise, holes clockwise)", id: id,
                property: "geometry")
        }
    }
}

extension IMDFValidator.Context {
    /// GEOS's verdict on one structurally sound polygon: a ring that
    /// crosses or touches itself (or another ring) is Apple's
    /// FileMustBeValidGeoJSON self-intersection; holes outside their shell,
    /// nested holes and the rest keep their `geometry.*` codes.
    mutating func checkValidity(_ id: String, _ rings: [[Coordinate]]) {
        guard options.geometry != .off else { return }
        for problem in validator.problems(in: .polygon(rings), level: options.geometry) {
            if ["geometry.self-intersection", "geometry.ring.self-touching", "geometry.spike"].contains(problem.code) {
                report(
                    .selfIntersection, "a ring crosses or touches itself: \(problem.message(namingParts: true))",
                    id: id, property: "geometry")
            } else {
                found.append(problem.diagnostic(at: archive.location(of: id, property: "geometry")))
            }
        }
    }
}

/// A number with a few decimals, for messages.
func format(_ value: Double, _ places: Int = 2) -> String {
    guard value.isFinite else { return String(value) }
    var text = String(rounded(value, toPlaces: places))
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
