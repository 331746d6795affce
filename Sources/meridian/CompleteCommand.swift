import Meridian
import MeridianCommandLine

struct CompleteCommand: Command {
    static let name = "complete"
    static let abstract =
        "Complete a query being typed, as MapKit's MKLocalSearchCompleter."
    static let discussion = """
        meridian complete FRAGMENT INPUT...: category suggestions the fragment starts (cof: Coffee) \
        then places, every word matched as a prefix in any order, with the matched characters \
        (text: in brackets; json: titleHighlightRanges as UTF-16 [start, length] pairs, as MapKit's \
        NSRange). Exit status: 0 completions, 1 none, 2 usage, 3 an input that cannot be read.
        """

    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        places = try arguments.group { try PlacesArguments($0, query: "fragment", help: "What has been typed so far.") }
    }

    func run() throws {
        let options = try places.options(defaultLimit: 10)
        let fragment = try PlacesArguments.checked(places.query)
        let completions = try places.index().completions(for: fragment, options: options)
        switch places.format {
        case .text:
            for completion in completions {
                let title = Self.bracketed(completion.title, completion.titleHighlightRanges)
                let subtitle = Self.bracketed(completion.subtitle, completion.subtitleHighlightRanges)
                Console.out(subtitle.isEmpty ? title : title + " — " + subtitle)
            }
        case .json:
            let results: [JSONValue] = completions.map { completion in
                var object = JSONObject([
                    ("title", .string(completion.title)), ("subtitle", .string(completion.subtitle)),
                    ("titleHighlightRanges", Self.ranges(completion.titleHighlightRanges)),
                    ("subtitleHighlightRanges", Self.ranges(completion.subtitleHighlightRanges)),
                    ("type", .string(completion.type.rawValue)),
                ])
                if let category = completion.category { object["poiCategory"] = .string(category.rawValue) }
                if let place = completion.place {
                    object["place"] = .object(
                        place.jsonObject(languages: places.languages, distance: completion.distance))
                }
                return .object(object)
            }
            let object = JSONObject([("fragment", .string(fragment)), ("results", .array(results))])
            printJSON(object)
        case .geojson:
            printGeoJSON(
                completions.compactMap { $0.place?.feature(languages: places.languages, distance: $0.distance) })
        }
        finish(found: !completions.isEmpty)
    }

    static func ranges(_ ranges: [Range<Int>]) -> JSONValue {
        .array(ranges.map { .array([.integer(Int64($0.lowerBound)), .integer(Int64($0.count))]) })
    }

    /// The text with each highlighted UTF-16 range in brackets.
    static func bracketed(_ text: String, _ ranges: [Range<Int>]) -> String {
        guard !ranges.isEmpty else { return text }
        let units = Array(text.utf16)
        var result: [UInt16] = []
        var position = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
            result += units[position..<range.lowerBound]
            result += Array("[".utf16) + units[range.clamped(to: 0..<units.count)] + Array("]".utf16)
            position = min(range.upperBound, units.count)
        }
        result += units[position...]
        return String(decoding: result, as: UTF16.self)
    }
}
