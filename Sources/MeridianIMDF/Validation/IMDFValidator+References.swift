import MeridianCore

extension IMDFValidator.Context {
    /// Every reference resolves, to a feature of the right type.
    mutating func checkReferences() {
        func check(_ id: String, _ property: String, _ target: String?, _ types: [IMDF.FeatureType]) {
            guard let target else { return }
            guard let found = archive.featureType(ofID: target) else {
                report(
                    .referenceUnresolved, "\"\(property)\" names \(target), which is no feature of the archive", id: id,
                    property: property)
                return
            }
            if !types.contains(found) {
                let wanted = types.map(\.rawValue).joined(separator: " or ")
                report(
                    .referenceWrongType, "\"\(property)\" must name a \(wanted), but \(target) is a \(found.rawValue)",
                    id: id, property: property)
            }
        }
        func check(_ id: String, _ property: String, _ targets: [String], _ types: [IMDF.FeatureType]) {
            for target in targets { check(id, property, target, types) }
        }
        for venue in archive.venues { check(venue.id, "address_id", venue.addressID, [.address]) }
        for building in archive.buildings { check(building.id, "address_id", building.addressID, [.address]) }
        for footprint in archive.footprints { check(footprint.id, "building_ids", footprint.buildingIDs, [.building]) }
        for level in archive.levels {
            check(level.id, "address_id", level.addressID, [.address])
            check(level.id, "building_ids", level.buildingIDs, [.building])
        }
        for unit in archive.units { check(unit.id, "level_id", unit.levelID, [.level]) }
        for opening in archive.openings { check(opening.id, "level_id", opening.levelID, [.level]) }
        for fixture in archive.fixtures {
            check(fixture.id, "level_id", fixture.levelID, [.level])
            check(fixture.id, "anchor_id", fixture.anchorID, [.anchor])
        }
        for kiosk in archive.kiosks {
            check(kiosk.id, "level_id", kiosk.levelID, [.level])
            check(kiosk.id, "anchor_id", kiosk.anchorID, [.anchor])
        }
        for section in archive.sections {
            check(section.id, "level_id", section.levelID, [.level])
            check(section.id, "address_id", section.addressID, [.address])
            check(section.id, "parents", section.parents, [.section])
        }
        for geofence in archive.geofences {
            check(geofence.id, "building_ids", geofence.buildingIDs, [.building])
            check(geofence.id, "level_ids", geofence.levelIDs, [.level])
            check(geofence.id, "parents", geofence.parents, [.geofence])
        }
        for detail in archive.details { check(detail.id, "level_id", detail.levelID, [.level]) }
        for amenity in archive.amenities {
            check(amenity.id, "unit_ids", amenity.unitIDs, [.unit])
            check(amenity.id, "address_id", amenity.addressID, [.address])
        }
        for anchor in archive.anchors {
            check(anchor.id, "unit_id", anchor.unitID, [.unit])
            check(anchor.id, "address_id", anchor.addressID, [.address])
        }
        for occupant in archive.occupants { check(occupant.id, "anchor_id", occupant.anchorID, [.anchor]) }
        for relationship in archive.relationships {
            for (property, references) in [
                ("origin", relationship.origin.map { [$0] } ?? []), ("intermediary", relationship.intermediary),
                ("destination", relationship.destination.map { [$0] } ?? []),
            ] {
                for reference in references {
                    guard let stated = IMDF.FeatureType(rawValue: reference.featureType) else {
                        report(
                            .referenceWrongType,
                            "\"\(property)\" states feature_type \"\(reference.featureType)\", which IMDF does not define",
                            id: relationship.id, property: property)
                        continue
                    }
                    check(relationship.id, property, reference.id, [stated])
                }
            }
        }
    }
}
