import MeridianCore

extension IMDF {
    /// An `address` feature: a postal address other features point to
    /// with `address_id`. No geometry.
    ///
    /// ```swift
    /// if let address = archive.address(withID: venue.addressID ?? "") {
    ///     print(address.address, address.locality, address.country)
    /// }
    /// ```
    public struct Address: IMDFFeature {
        public static let featureType = FeatureType.address
        public var id: String
        public var feature: Feature
        public var address: String?
        public var unit: String?
        public var locality: String?
        /// ISO 3166-2 subdivision, such as `GB-CAM`.
        public var province: String?
        /// ISO 3166-1 alpha-2, such as `GB`.
        public var country: String?
        public var postalCode: String?
        public var postalCodeExt: String?
        public var postalCodeVanity: String?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            address = reader.string("address")
            unit = reader.string("unit")
            locality = reader.string("locality")
            province = reader.string("province")
            country = reader.string("country")
            postalCode = reader.string("postal_code")
            postalCodeExt = reader.string("postal_code_ext")
            postalCodeVanity = reader.string("postal_code_vanity")
            if let country, !Formats.isCountryCode(country) {
                reader.report(
                    .propertyFormat, "\"country\" is not an ISO 3166-1 alpha-2 code: \"\(country)\"",
                    property: "country")
            }
            if let province, !Formats.isSubdivisionCode(province) {
                reader.report(
                    .propertyFormat, "\"province\" is not an ISO 3166-2 code: \"\(province)\"", property: "province")
            }
        }
    }
}
