import MeridianCore
import MeridianValidity

extension IMDFValidator.Context {
    /// A polygonal geometry in the validation's planar metres (x east,
    /// y north of the venue), as GEOS takes it.
    func planar(_ geometry: IMDF.Polygonal) -> Geometry {
        .multiPolygon(
            geometry.polygons.map { polygon in
                polygon.rings.map { ring in
                    ring.map { c in
                        let p = projection.project(c)
                        return Coordinate(latitude: p.y, longitude: p.x)
                    }
                }
            })
    }

    /// Units that reach outside their level's outline, and levels that
    /// reach outside the footprints of their buildings, by more than
    /// ``IMDFValidator/Options/overlapTolerance``: a unit drawn on the
    /// wrong floor or shifted, a footprint drawn smaller than the floors it
    /// holds. Outdoor levels are not held to a footprint.
    mutating func checkContainment() {
        let tolerance = options.overlapTolerance
        // Less than a square centimetre beyond the grown outline is noise.
        let noise = 1e-4
        for level in archive.levels {
            guard let outline = level.geometry,
                let region = validator.region([planar(outline)], grownBy: tolerance)
            else { continue }
            for unit in archive.units(onLevel: level.id) where accepts(.unitOutsideLevel) {
                guard let shape = unit.geometry, let outside = region.areaOutside(planar(shape)), outside > noise
                else { continue }
                report(
                    .unitOutsideLevel,
                    "the unit reaches \(format(outside)) m^2 outside the outline of its level \(level.id)",
                    id: unit.id, property: "geometry")
            }
        }
        for building in archive.buildings {
            let footprints = archive.footprints(ofBuilding: building.id).compactMap(\.geometry)
            guard !footprints.isEmpty,
                let region = validator.region(footprints.map(planar), grownBy: tolerance)
            else { continue }
            for level in archive.levels(ofBuilding: building.id) where level.outdoor != true {
                guard let shape = level.geometry, let outside = region.areaOutside(planar(shape)), outside > noise
                else { continue }
                report(
                    .levelOutsideFootprint,
                    "the level reaches \(format(outside)) m^2 outside the footprints of building \(building.id)",
                    id: level.id, property: "geometry")
            }
        }
    }

    /// Two features of one type in one place with the very same geometry
    /// (units, fixtures, sections, kiosks and openings of one level; levels
    /// of one ordinal; footprints of one category): a feature pasted twice.
    mutating func checkDuplicates() {
        struct Key: Hashable {
            var type: IMDF.FeatureType
            var scope: String
            var geometry: Geometry
        }
        var first: [Key: String] = [:]
        func scope(_ level: String?) -> String { level ?? "" }
        var entries: [(IMDF.FeatureType, String, String, Geometry?)] = []
        entries += archive.units.map { (.unit, $0.id, scope($0.levelID), $0.geometry.map(Self.geometry)) }
        entries += archive.fixtures.map { (.fixture, $0.id, scope($0.levelID), $0.geometry.map(Self.geometry)) }
        entries += archive.sections.map { (.section, $0.id, scope($0.levelID), $0.geometry.map(Self.geometry)) }
        entries += archive.kiosks.map { (.kiosk, $0.id, scope($0.levelID), $0.geometry.map(Self.geometry)) }
        entries += archive.openings.map {
            (.opening, $0.id, scope($0.levelID), $0.geometry.map { Geometry.lineString($0.coordinates) })
        }
        entries += archive.levels.map {
            (.level, $0.id, $0.ordinal.map(String.init) ?? "", $0.geometry.map(Self.geometry))
        }
        entries += archive.footprints.map {
            (.footprint, $0.id, $0.category?.rawValue ?? "", $0.geometry.map(Self.geometry))
        }
        for (type, id, scope, geometry) in entries where accepts(.geometryDuplicate) {
            guard let geometry else { continue }
            let key = Key(type: type, scope: scope, geometry: geometry)
            if let other = first[key] {
                report(
                    .geometryDuplicate, "the \(type.rawValue) has the same geometry as \(type.rawValue) \(other)",
                    id: id, property: "geometry")
            } else {
                first[key] = id
            }
        }
    }

    static func geometry(_ polygonal: IMDF.Polygonal) -> Geometry {
        .multiPolygon(polygonal.polygons.map(\.rings))
    }
}
