import MeridianCore
import MeridianPlaces

extension Place {
    /// The place as JSON, its field names those of the Apple Maps Server
    /// API's `Place` where it has them (`id`, `alternateIds`, `name`,
    /// `coordinate`, `poiCategory`, `formattedAddressLines`,
    /// `structuredAddress`, `country`, `countryCode`), MapKit's otherwise
    /// (`phoneNumber`, `url`), plus where an IMDF place is (`containers`)
    /// and where it was read (`source`).
    public func jsonObject(languages: [String] = [], distance: Double? = nil) -> JSONObject {
        var object = JSONObject()
        object["id"] = .string(id)
        if !alternateIDs.isEmpty { object["alternateIds"] = .array(alternateIDs.map(JSONValue.string)) }
        object["name"] = name(in: languages).map(JSONValue.string) ?? .null
        if names.count > 1 {
            object["names"] = .array(
                names.map { name in
                    .object(
                        JSONObject([
                            ("text", .string(name.text)), ("language", name.language.map(JSONValue.string) ?? .null),
                        ]))
                })
        }
        object["coordinate"] = .object(
            JSONObject([("latitude", .double(coordinate.latitude)), ("longitude", .double(coordinate.longitude))]))
        object["kind"] = .string(kind.rawValue)
        if let category { object["poiCategory"] = .string(category.rawValue) }
        if !categoryWords.isEmpty { object["categories"] = .array(categoryWords.map(JSONValue.string)) }
        if let address {
            let style = languages.lazy.compactMap(PlaceAddress.Style.init(language:)).first
            object["formattedAddressLines"] = .array(
                address.fullAddress(style: style, singleLine: false).split(separator: "\n").map {
                    .string(String($0))
                })
            object["structuredAddress"] = structuredAddress(languages: languages).map(JSONValue.object)
            if let value = address.regionName { object["country"] = .string(value) }
            if let value = address.country { object["countryCode"] = .string(value.uppercased()) }
        }
        if let phone { object["phoneNumber"] = .string(phone) }
        if let url { object["url"] = .string(url) }
        if let hours { object["openingHours"] = .string(hours) }
        if !containers.isEmpty {
            object["containers"] = .array(
                containers.map { container in
                    var entry = JSONObject([("kind", .string(container.kind.rawValue)), ("id", .string(container.id))])
                    if let name = container.name { entry["name"] = .string(name) }
                    if let ordinal = container.ordinal { entry["ordinal"] = .integer(Int64(ordinal)) }
                    return .object(entry)
                })
        }
        if let distance { object["distance"] = .double((distance * 10).rounded() / 10) }
        var source = JSONObject([("file", .string(self.source.file))])
        if let featureID = self.source.featureID { source["featureId"] = .string(featureID) }
        source["featureIndex"] = .integer(Int64(self.source.featureIndex))
        object["source"] = .object(source)
        return object
    }

    /// The Apple Maps Server API's `structuredAddress` of the place (nil
    /// when it has no address): `administrativeArea`, `locality`,
    /// `subLocality`, `postCode`, `fullThoroughfare`, `thoroughfare`,
    /// `subThoroughfare`.
    public func structuredAddress(languages: [String] = []) -> JSONObject? {
        guard let address else { return nil }
        let style = languages.lazy.compactMap(PlaceAddress.Style.init(language:)).first
        var structured = JSONObject()
        if let value = address.provinceName { structured["administrativeArea"] = .string(value) }
        if let value = address.locality { structured["locality"] = .string(value) }
        if let value = address.district { structured["subLocality"] = .string(value) }
        if let value = address.postalCode { structured["postCode"] = .string(value) }
        if let value = address.streetLine(style ?? PlaceAddress.Style(country: address.country)) {
            structured["fullThoroughfare"] = .string(value)
        }
        if let value = address.street { structured["thoroughfare"] = .string(value) }
        if let value = address.houseNumber { structured["subThoroughfare"] = .string(value) }
        return structured
    }

    /// The place as a GeoJSON Point feature: `name`, `category` (MapKit's
    /// name), `id`, and `distance` in metres when there is one.
    public func feature(languages: [String] = [], distance: Double? = nil) -> Feature {
        var properties = JSONObject()
        properties["name"] = name(in: languages).map(JSONValue.string) ?? .null
        properties["category"] = category.map { .string($0.rawValue) } ?? .null
        properties["id"] = .string(id)
        if let distance { properties["distance"] = .double((distance * 10).rounded() / 10) }
        if let level = container(.level)?.name { properties["level"] = .string(level) }
        return Feature(id: .string(id), geometry: .point(coordinate), properties: properties)
    }
}
