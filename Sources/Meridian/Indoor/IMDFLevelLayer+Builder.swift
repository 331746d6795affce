import MeridianCore
import MeridianIMDF
import MeridianSnapshot

extension IMDFLevelLayer {
    /// Gathers one level's features from the venue graph and dresses each
    /// as a plain feature the renderer styles. Internal: callers see only
    /// ``IMDFLevelLayer``.
    struct Builder {
        let archive: IMDFArchive
        let theme: IndoorTheme
        let languages: [String]

        /// A LABELS value in the reader's language, then the manifest's.
        func text(_ labels: IMDF.Labels?) -> String? {
            guard let text = labels?.text(for: languages, fallback: archive.manifest?.language), !text.isEmpty else {
                return nil
            }
            return text
        }

        mutating func features(of level: IMDF.Level) -> [Feature] {
            var result: [Feature] = []
            for venue in archive.venues {
                result.append(dressed(venue.feature, as: "venue", name: text(venue.name)))
            }
            for footprint in footprints(of: level) {
                result.append(dressed(footprint.feature, as: "footprint", name: text(footprint.name)))
            }
            result.append(dressed(level.feature, as: "level", name: text(level.name)))

            let contents = archive.contents(ofLevel: level.id)
            let unitIDs = Set(contents.units.map(\.id))
            // Occupants first, so a unit they occupy can leave its own name
            // out: in Apple's sample an occupied unit is labelled by its
            // occupant, and the sample data names both the same ("Bean There").
            let occupants = occupantFeatures(in: unitIDs)
            for section in contents.sections {
                result.append(dressed(section.feature, as: "section", name: text(section.name)))
            }
            for unit in contents.units {
                let occupied = occupants.occupiedUnits.contains(unit.id)
                result.append(dressed(unit.feature, as: "unit", name: occupied ? nil : text(unit.name)))
            }
            for fixture in contents.fixtures {
                result.append(dressed(fixture.feature, as: "fixture", name: text(fixture.name)))
            }
            for kiosk in contents.kiosks {
                result.append(dressed(kiosk.feature, as: "kiosk", name: text(kiosk.name)))
            }
            for detail in contents.details {
                result.append(dressed(detail.feature, as: "detail", name: nil))
            }
            for opening in contents.openings {
                result.append(dressed(opening.feature, as: "opening", name: text(opening.name)))
            }
            // In file order, once each, though an amenity may name several
            // units of the level (Apple's sample attaches it to each).
            for amenity in archive.amenities where amenity.unitIDs.contains(where: unitIDs.contains) {
                result.append(dressed(amenity.feature, as: "amenity", name: text(amenity.name)))
            }
            return result + occupants.features
        }

        /// The outlines of the level's buildings. Ground footprints are
        /// preferred, since a roof (aerial) or basement (subterranean)
        /// outline is not the building's edge at street level; a level
        /// that names no building takes every footprint.
        private func footprints(of level: IMDF.Level) -> [IMDF.Footprint] {
            var candidates: [IMDF.Footprint] = []
            if level.buildingIDs.isEmpty {
                candidates = archive.footprints
            } else {
                let buildings = Set(level.buildingIDs)
                candidates = archive.footprints.filter { $0.buildingIDs.contains(where: buildings.contains) }
            }
            let ground = candidates.filter { $0.category == .ground }
            return ground.isEmpty ? candidates : ground
        }

        /// Occupants at anchors in these units, each placed at its anchor's
        /// point (an occupant has no geometry of its own), in file order.
        private func occupantFeatures(in unitIDs: Set<String>) -> (features: [Feature], occupiedUnits: Set<String>) {
            var features: [Feature] = []
            var occupied = Set<String>()
            for occupant in archive.occupants {
                guard let anchorID = occupant.anchorID, let anchor = archive.anchor(withID: anchorID),
                    let unitID = anchor.unitID, unitIDs.contains(unitID), let point = anchor.coordinate
                else { continue }
                var feature = dressed(occupant.feature, as: "occupant", name: text(occupant.name))
                feature.geometry = .point(point)
                feature.properties["unit_id"] = .string(unitID)
                features.append(feature)
                // Only a named occupant stands in for its unit's name.
                if feature.properties["name"]?.stringValue != nil { occupied.insert(unitID) }
            }
            return (features, occupied)
        }

        /// The feature with `feature_type`, `category` and `name` first,
        /// then the theme's simplestyle properties, then the rest of its
        /// IMDF properties as written.
        private func dressed(_ source: Feature, as type: String, name: String?) -> Feature {
            let category = source.properties["category"]?.stringValue
            var properties = JSONObject()
            properties["feature_type"] = .string(type)
            properties["category"] = category.map(JSONValue.string) ?? .null
            properties["name"] = name.map(JSONValue.string) ?? .null
            for (key, value) in IMDFLevelLayer.style(forFeatureType: type, category: category, theme: theme).members {
                properties[key] = value
            }
            for (key, value) in source.properties.members where properties[key] == nil && key != "name" {
                properties[key] = value
            }
            return Feature(id: source.id, geometry: source.geometry, properties: properties)
        }
    }
}
