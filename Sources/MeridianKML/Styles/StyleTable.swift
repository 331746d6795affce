/// The shared styles of a KML document: every `<Style id>` and
/// `<StyleMap id>` seen so far, by id, and the resolution of a `styleUrl`.
///
/// ```swift
/// var table = StyleTable()
/// table.register(styleElement)                 // <Style id="red">
/// table.resolve("#red")?.properties["stroke"]  // "#ff0000"
/// ```
///
/// A StyleMap resolves through its `normal` pair (GDAL's choice; togeojson
/// takes the first pair, which is `normal` in files Google Earth writes);
/// a pair may hold a `styleUrl` or an inline `<Style>`. StyleMaps are
/// resolved when used, not when registered, so a StyleMap may name a Style
/// defined after it. Chains are followed at most 8 deep (cycles stop).
struct StyleTable {
    enum Entry {
        case style(KMLStyle)
        case map(normalURL: String?, inline: KMLStyle?)
    }

    private(set) var entries: [String: Entry] = [:]

    /// Records a `<Style>` or `<StyleMap>` that has an id.
    ///
    /// Google Earth's `<gx:CascadingStyle kml:id="...">` wraps a Style that
    /// takes the wrapper's id.
    mutating func register(_ element: KMLElement) {
        if element.is(.CascadingStyle) {
            guard let style = element.child(.Style),
                let id = (element.attribute("kml:id") ?? element.attribute("id"))?.trimmedKMLWhitespace, !id.isEmpty
            else { return }
            entries[id] = .style(KMLStyle(element: style))
            return
        }
        guard let id = element.attribute("id")?.trimmedKMLWhitespace, !id.isEmpty else { return }
        switch element.tag {
        case .Style:
            entries[id] = .style(KMLStyle(element: element))
        case .StyleMap:
            let pairs = element.children(named: .Pair)
            let normal = pairs.first { $0.value(.key) == "normal" } ?? pairs.first
            entries[id] = .map(
                normalURL: normal?.value(.styleUrl), inline: normal?.child(.Style).map { KMLStyle(element: $0) })
        default:
            break
        }
    }

    /// The id a styleUrl names in this document (`#id`, or a bare `id` as
    /// togeojson and Google Earth accept), or nil for a reference to another
    /// file (`other.kml#id`, `http://...`).
    static func localID(_ styleUrl: String) -> String? {
        let url = styleUrl.trimmedKMLWhitespace
        if url.hasPrefix("#") { return String(url.dropFirst()) }
        if url.isEmpty || url.contains("#") || url.contains("/") { return nil }
        return url
    }

    /// The style a styleUrl names, or nil when it is not (yet) known.
    func resolve(_ styleUrl: String) -> KMLStyle? {
        guard let id = Self.localID(styleUrl) else { return nil }
        return resolve(id: id, depth: 0)
    }

    private func resolve(id: String, depth: Int) -> KMLStyle? {
        guard depth < 8, let entry = entries[id] else { return nil }
        switch entry {
        case .style(let style):
            return style
        case .map(let normalURL, let inline):
            if let inline { return inline }
            guard let normalURL, let next = Self.localID(normalURL) else { return nil }
            return resolve(id: next, depth: depth + 1)
        }
    }
}
