import CGEOS
import MeridianCore

/// A polygonal region in planar coordinates (metres on a local
/// projection: x as longitude, y as latitude), grown by a tolerance and
/// prepared for repeated "how much of this lies outside" questions: how
/// IMDF's containment checks (a unit inside its level, a level inside its
/// building's footprints) are answered.
///
/// ```swift
/// let level = validator.region([levelOutline], grownBy: 0.05)
/// level?.areaOutside(unitOutline)    // 0 when the unit lies within 5 cm of the level
/// ```
///
/// Cost: one GEOS union and buffer to build; each question is a prepared
/// `covers` test (O(log n) per vertex) and, only for what is not covered,
/// an overlay difference.
public final class PlanarRegion {
    private let validator: GeometryValidator
    private let geometry: OpaquePointer
    private let prepared: OpaquePointer

    init?(validator: GeometryValidator, geometry: OpaquePointer) {
        guard let prepared = libgeos.GEOSPrepare_r(validator.context, geometry) else {
            libgeos.GEOSGeom_destroy_r(validator.context, geometry)
            return nil
        }
        self.validator = validator
        self.geometry = geometry
        self.prepared = prepared
    }

    deinit {
        libgeos.GEOSPreparedGeom_destroy_r(validator.context, prepared)
        libgeos.GEOSGeom_destroy_r(validator.context, geometry)
    }

    /// The area of `shape` outside the region (0 when it lies inside);
    /// nil when GEOS cannot build or compare it (an invalid shape, reported
    /// by the validity checks).
    public func areaOutside(_ shape: Geometry) -> Double? {
        let context = validator.context
        guard let other = validator.makeGEOS(shape) else { return nil }
        defer { libgeos.GEOSGeom_destroy_r(context, other) }
        switch libgeos.GEOSPreparedCovers_r(context, prepared, other) {
        case 1: return 0
        case 0: break
        default: return nil
        }
        guard let outside = libgeos.GEOSDifference_r(context, other, geometry) else { return nil }
        defer { libgeos.GEOSGeom_destroy_r(context, outside) }
        var area = 0.0
        return libgeos.GEOSArea_r(context, outside, &area) == 1 ? area : nil
    }
}

extension GeometryValidator {
    /// The union of the polygonal `shapes` grown by `distance`, prepared;
    /// shapes that are invalid are made valid first. Nil when there is
    /// nothing to build on.
    public func region(_ shapes: [Geometry], grownBy distance: Double) -> PlanarRegion? {
        var parts: [OpaquePointer?] = []
        for shape in shapes {
            guard let made = makeGEOS(shape) else { continue }
            if libgeos.GEOSisValid_r(context, made) == 1 {
                parts.append(made)
            } else {
                parts.append(libgeos.GEOSMakeValid_r(context, made))
                libgeos.GEOSGeom_destroy_r(context, made)
            }
        }
        parts.removeAll { $0 == nil }
        guard !parts.isEmpty, let all = collection(GEOS_GEOMETRYCOLLECTION, parts) else { return nil }
        defer { libgeos.GEOSGeom_destroy_r(context, all) }
        guard let union = libgeos.GEOSUnaryUnion_r(context, all) else { return nil }
        defer { libgeos.GEOSGeom_destroy_r(context, union) }
        guard let grown = libgeos.GEOSBuffer_r(context, union, distance, 8) else { return nil }
        return PlanarRegion(validator: self, geometry: grown)
    }
}
