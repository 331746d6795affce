/// A structured address and the forms MapKit's `MKAddressRepresentations`
/// gives of it, in the order each country writes addresses.
///
/// ```swift
/// let address = PlaceAddress(houseNumber: "10", street: "rue de Rivoli", locality: "Paris",
///                            postalCode: "75001", country: "FR")
/// address.fullAddress()                    // "10 rue de Rivoli, 75001 Paris, France"
/// address.shortAddress                     // "10 rue de Rivoli, Paris"
/// address.cityWithContext                  // "Paris, France"
/// ```
///
/// Read from IMDF `address` features (`address`, `unit`, `locality`,
/// `province`, `country`, `postal_code`), OpenStreetMap's `addr:*` tags,
/// KML's `<address>` (free text: ``line``) and plain `address` properties.
public struct PlaceAddress: Sendable, Hashable {
    /// The house number, when the data gives it apart from the street.
    public var houseNumber: String?
    /// The street, or the whole first line ("1 Meridian Arcade, Market Street").
    public var street: String?
    /// A unit, suite or shop number.
    public var unit: String?
    public var locality: String?
    /// A district of the locality (a borough, quarter or neighbourhood):
    /// `CLPlacemark`'s `subLocality`.
    public var district: String?
    /// A state or province: a name, or an ISO 3166-2 code ("GB-CAM", "US-CA").
    public var province: String?
    public var postalCode: String?
    /// ISO 3166-1 alpha-2 ("GB").
    public var country: String?
    /// An address the data gives only as one text.
    public var line: String?

    public init(
        houseNumber: String? = nil, street: String? = nil, unit: String? = nil, locality: String? = nil,
        district: String? = nil, province: String? = nil, postalCode: String? = nil, country: String? = nil,
        line: String? = nil
    ) {
        self.district = district
        self.houseNumber = houseNumber
        self.street = street
        self.unit = unit
        self.locality = locality
        self.province = province
        self.postalCode = postalCode
        self.country = country
        self.line = line
    }

    /// How a country orders an address.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// "221B Baker Street, London NW1 6XE" (British, Irish, Commonwealth).
        case english
        /// "1 Infinite Loop, Cupertino, CA 95014" (United States, Canada).
        case american
        /// "10 rue de Rivoli, 75001 Paris" (France, Belgium, Luxembourg...).
        case french
        /// "Unter den Linden 77, 10117 Berlin" (Germany, Austria, Switzerland, the Netherlands...).
        case german
        /// "〒100-0005 東京都千代田区丸の内1丁目", largest unit first.
        case japanese

        /// The style of a country (ISO 3166-1 alpha-2), English when unknown.
        public init(country: String?) {
            switch country?.uppercased() {
            case "US", "CA", "PR", "AS", "GU", "VI", "MP": self = .american
            case "FR", "BE", "LU", "MC", "IT", "ES", "PT", "BR", "MA", "SN", "CI": self = .french
            case "DE", "AT", "CH", "NL", "DK", "SE", "NO", "FI", "PL", "CZ", "SK", "HU", "LI": self = .german
            case "JP", "CN", "TW", "KR": self = .japanese
            default: self = .english
            }
        }

        /// The style for a language's ordering (`en`, `fr`, `de`, `ja`...), nil when not one of these.
        public init?(language: String) {
            switch language.lowercased().split(separator: "-").first.map(String.init) {
            case "en": self = language.lowercased() == "en-us" ? .american : .english
            case "fr", "it", "es", "pt": self = .french
            case "de", "nl", "da", "sv", "nb", "pl", "cs": self = .german
            case "ja", "zh", "ko": self = .japanese
            default: return nil
            }
        }
    }

    /// The country's English name ("United Kingdom"), MapKit's `regionName`.
    public var regionName: String? {
        country.flatMap { Self.countryNames[$0.uppercased()] }
    }

    /// MapKit's `cityName`.
    public var cityName: String? { locality }

    /// The city with what tells it apart, MapKit's `cityWithContext`:
    /// "Cupertino, CA" in the United States, "Paris, France" elsewhere.
    public var cityWithContext: String? {
        guard let locality else { return nil }
        if Style(country: country) == .american, let province = provinceName { return locality + ", " + province }
        if let regionName { return locality + ", " + regionName }
        return provinceName.map { locality + ", " + $0 } ?? locality
    }

    /// The province as people write it: an ISO 3166-2 code without its
    /// country part ("US-CA" is "CA").
    public var provinceName: String? {
        guard let province, !province.isEmpty else { return nil }
        if province.count <= 6, let dash = province.firstIndex(of: "-"),
            province[..<dash].count == 2, province[..<dash].allSatisfy(\.isUppercase)
        {
            return String(province[province.index(after: dash)...])
        }
        return province
    }

    /// The street line: number and street in the style's order, and the unit.
    public func streetLine(_ style: Style) -> String? {
        var line: String?
        switch (houseNumber, street) {
        case (let number?, let street?):
            switch style {
            case .german: line = street + " " + number
            case .japanese: line = street + number
            default: line = number + " " + street
            }
        case (nil, let street?): line = street
        case (let number?, nil): line = number
        case (nil, nil): line = nil
        }
        if let unit, !unit.isEmpty {
            line = line.map { style == .japanese ? $0 + unit : $0 + ", " + unit } ?? unit
        }
        return line
    }

    /// The whole address, MapKit's `fullAddress(includingRegion:singleLine:)`,
    /// in `style` (the country's when nil). Lines are joined with ", " on a
    /// single line, else with newlines.
    public func fullAddress(style: Style? = nil, includingRegion: Bool = true, singleLine: Bool = true) -> String {
        let style = style ?? Style(country: country)
        if style == .japanese {
            var text = postalCode.map { "〒" + $0 + " " } ?? ""
            text += [provinceName, locality, streetLine(style)].compactMap { $0 }.joined()
            if includingRegion, let regionName, text.isEmpty || line != nil { text = regionName + " " + text }
            if text.trimmingSpaces.isEmpty { return line ?? "" }
            return text.trimmingSpaces
        }
        var lines: [String] = []
        if let street = streetLine(style) { lines.append(street) }
        let city: String?
        switch style {
        case .english:
            city =
                [locality, provinceName.flatMap { locality == nil ? $0 : nil }, postalCode].compactMap { $0 }
                .joined(separator: " ").nonEmpty
        case .american:
            let stateZip = [provinceName, postalCode].compactMap { $0 }.joined(separator: " ").nonEmpty
            city = [locality, stateZip].compactMap { $0 }.joined(separator: ", ").nonEmpty
        case .french, .german:
            city = [postalCode, locality].compactMap { $0 }.joined(separator: " ").nonEmpty
        case .japanese:
            city = nil
        }
        if let city { lines.append(city) }
        if lines.isEmpty, let line { lines.append(line) }
        if includingRegion, let regionName { lines.append(regionName) }
        return lines.joined(separator: singleLine ? ", " : "\n")
    }

    /// The street and the city, MapKit's `shortAddress`.
    public var shortAddress: String {
        let style = Style(country: country)
        if style == .japanese { return [locality, streetLine(style)].compactMap { $0 }.joined() }
        let parts = [streetLine(style), locality].compactMap { $0 }
        return parts.isEmpty ? (line ?? "") : parts.joined(separator: ", ")
    }

    /// Calls `body` with every text of the address, for matching.
    func forEachSearchablePart(_ body: (String) -> Void) {
        for part in [houseNumber, street, unit, locality, provinceName, postalCode, regionName, line] {
            if let part { body(part) }
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
