import MeridianCore
import MeridianGeoJSON

extension PreviewPage {
    /// What the properties panel shows for one feature, as the JSON the
    /// page embeds: `{"id", "name", "kind", "properties": [[key, text]...], "maps"}`.
    ///
    /// Properties are pairs rather than an object so the panel lists them
    /// in the file's order (JavaScript objects move integer-like keys
    /// first). Indoor features leave out `feature_type` and `category`
    /// (the panel's subtitle), the glue's styling and null values. Values are text: strings as they are, anything else as
    /// compact JSON. The Maps link is a `/place` URL at the feature's
    /// representative coordinate, named after the feature.
    enum FeatureInfo {
        /// The keys the IMDF glue writes into each feature (simplestyle
        /// and drawing hints, ``IMDFLevelLayer/styleKeys``): styling of the
        /// preview, not data of the venue, so not listed.
        static let indoorStyleKeys = IMDFLevelLayer.styleKeys

        /// - Parameter fallbackName: the name when the feature has none.
        static func entry(for feature: Feature, indoor: Bool, name fallbackName: String? = nil) -> JSONValue {
            var entry = JSONObject()
            entry["id"] = feature.id.map(Self.json) ?? .null
            let name = Self.name(of: feature) ?? fallbackName
            entry["name"] = name.map(JSONValue.string) ?? .null
            entry["kind"] = .string(kind(of: feature))
            var pairs: [JSONValue] = []
            for (key, value) in feature.properties.members {
                // Indoor features drop what the header shows or the glue added, and IMDF's
                // explicit nulls (every optional property is written, most as null).
                if indoor
                    && (indoorStyleKeys.contains(key) || key == "feature_type" || key == "category" || value.isNull)
                {
                    continue
                }
                pairs.append(.array([.string(key), .string(text(of: value))]))
            }
            entry["properties"] = .array(pairs)
            if let coordinate = representativeCoordinate(of: feature) {
                entry["maps"] = .string(
                    MapsURL.place(coordinate: coordinate, name: name, placeID: nil, address: nil).string)
            } else {
                entry["maps"] = .null
            }
            return .object(entry)
        }

        /// "unit · room" for indoor features, else the category and the
        /// geometry type ("cafe · Point").
        static func kind(of feature: Feature) -> String {
            let type = feature.properties["feature_type"]?.stringValue ?? feature.geometry?.typeName
            let category = feature.properties["category"]?.stringValue ?? feature.properties["kind"]?.stringValue
            return [type, category].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        }

        /// The feature's name: `name` (a string, or an IMDF LABELS
        /// object's first text), else `title` (simplestyle, KML).
        static func name(of feature: Feature) -> String? {
            for key in ["name", "title"] {
                switch feature.properties[key] {
                case .string(let text) where !text.isEmpty: return text
                case .object(let labels):
                    if let text = labels.values.lazy.compactMap(\.stringValue).first(where: { !$0.isEmpty }) {
                        return text
                    }
                default: continue
                }
            }
            return nil
        }

        /// Where a link to the feature points: IMDF's `display_point` when
        /// there is one (the point a venue's author chose for its label),
        /// the point itself for a point, else the middle of the bounding
        /// map rect, MapKit's representative point of an overlay.
        static func representativeCoordinate(of feature: Feature) -> Coordinate? {
            if let point = feature.properties["display_point"], point["type"]?.stringValue == "Point",
                let position = point["coordinates"]?.arrayValue, position.count >= 2,
                let longitude = position[0].doubleValue, let latitude = position[1].doubleValue,
                (-90...90).contains(latitude), (-180...180).contains(longitude)
            {
                return Coordinate(latitude: latitude, longitude: longitude)
            }
            switch feature.geometry {
            case .none: return nil
            case .point(let coordinate):
                return coordinate.latitude.isFinite && coordinate.longitude.isFinite ? coordinate : nil
            case .some(let geometry):
                let rect = geometry.boundingMapRect
                guard !rect.isNull, rect.midX.isFinite, rect.midY.isFinite else { return nil }
                return MapPoint(x: rect.midX, y: rect.midY).coordinate
            }
        }

        static func text(of value: JSONValue) -> String {
            if case .string(let text) = value { return text }
            var bytes = value.jsonBytes()
            if bytes.last == 0x0A { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }

        static func json(_ id: FeatureIdentifier) -> JSONValue {
            switch id {
            case .string(let text): .string(text)
            case .integer(let number): .integer(number)
            case .double(let number): .double(number)
            }
        }
    }
}
