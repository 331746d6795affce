import MeridianCore
import MeridianJSON

/// How a basemap's vector tiles are drawn: a style in the documented
/// subset of the MapLibre style specification (version 8).
///
/// ```swift
/// let style = try BasemapStyle(jsonBytes: bytes, name: "style.json")
/// for warning in style.warnings { print(warning.message) }   // what the style asks for that is not drawn
/// let plain = BasemapStyle.light                              // the built-in style of Meridian's basemaps
/// ```
///
/// Layers are drawn in order: `background`, `fill`, `line`, `circle` and
/// `symbol` (text at points), each with its `source-layer`, `filter`,
/// `minzoom`, `maxzoom` and `visibility`, and the paint and layout
/// properties ``supportedProperties`` lists, whose values may be
/// constants, legacy functions or expressions (``StyleExpression``) of the
/// zoom and the feature. Every layer reads the one basemap the snapshot is
/// given: `sources` and their URLs, sprites and glyphs are not read.
///
/// What the style gets wrong is an error naming its JSON pointer (a layer
/// type no MapLibre renderer knows, an expression Meridian cannot
/// evaluate, a colour that is not one); what MapLibre draws and Meridian
/// does not (a `raster` or `hillshade` layer, `fill-pattern`, icons) is
/// left out and listed in ``warnings`` (`snapshot.basemap.ignored`), so a
/// style written for a web map draws here without editing.
public struct BasemapStyle: Sendable, Hashable {
    /// The style's name (its `name` member, else the name it was read under).
    public let name: String
    /// The style as it was read: what two styles are compared by.
    public let json: JSONValue
    let layers: [StyleLayer]
    /// What the style asks for that Meridian does not draw, each located by
    /// its JSON pointer.
    public let warnings: [Diagnostic]

    /// The paint and layout properties drawn, by layer type.
    public static let supportedProperties: [String: Set<String>] = [
        "background": ["background-color", "background-opacity"],
        "fill": ["fill-color", "fill-opacity"],
        "line": ["line-color", "line-width", "line-opacity", "line-dasharray", "line-cap", "line-join"],
        "circle": [
            "circle-radius", "circle-color", "circle-opacity", "circle-stroke-width", "circle-stroke-color",
            "circle-stroke-opacity",
        ],
        "symbol": [
            "text-field", "text-size", "text-transform", "text-color", "text-opacity", "text-halo-color",
            "text-halo-width",
        ],
    ]

    /// The most layers a style may have (real styles have tens to hundreds):
    /// each is a pass over the view's features.
    public static let maximumLayers = 10_000

    /// The layer types of the MapLibre specification that Meridian leaves out.
    static let otherLayerTypes: Set<String> = [
        "raster", "hillshade", "fill-extrusion", "heatmap", "color-relief", "sky",
    ]

    /// Reads a style from its JSON text; `name` names the file in messages.
    public init(jsonBytes: some Collection<UInt8>, name: String) throws(DiagnosticError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: jsonBytes, options: JSONReadingOptions(fileName: name))
        } catch {
            throw error
        }
        try self.init(json: value, name: name)
    }

    /// Reads a style from its JSON value; `name` names it in messages.
    public init(json: JSONValue, name: String) throws(DiagnosticError) {
        func failure(_ pointer: String, _ message: String) -> DiagnosticError {
            DiagnosticError(
                code: "snapshot.basemap.style", message: message,
                location: SourceLocation(file: name, jsonPointer: pointer))
        }
        guard case .object(let root) = json else { throw failure("", "a style is a JSON object") }
        if let version = root["version"], version.doubleValue != 8 {
            throw failure("/version", "Meridian reads version 8 of the style specification")
        }
        guard case .array(let rawLayers)? = root["layers"] else {
            throw failure("/layers", "a style has an array of layers")
        }
        guard rawLayers.count <= Self.maximumLayers else {
            throw failure("/layers", "a style of \(rawLayers.count) layers; Meridian draws at most \(Self.maximumLayers)")
        }
        var layers: [StyleLayer] = []
        var warnings: [Diagnostic] = []
        for (index, raw) in rawLayers.enumerated() {
            do {
                if let layer = try StyleLayer(raw, at: "/layers/\(index)", warnings: &warnings) { layers.append(layer) }
            } catch {
                var located = error.diagnostic
                located.location.file = name
                throw DiagnosticError(located)
            }
        }
        for index in warnings.indices { warnings[index].location.file = name }
        self.name = root["name"]?.stringValue ?? name
        self.json = json
        self.layers = layers
        self.warnings = warnings
    }

    public static func == (a: BasemapStyle, b: BasemapStyle) -> Bool {
        a.name == b.name && a.json == b.json && a.layerIDs == b.layerIDs
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// The style without its symbol layers: for pictures cut into tiles,
    /// where text placed in one tile would be cut off by the next.
    public func withoutText() -> BasemapStyle {
        BasemapStyle(name: name, json: json, layers: layers.filter { $0.kind != .symbol }, warnings: warnings)
    }

    private init(name: String, json: JSONValue, layers: [StyleLayer], warnings: [Diagnostic]) {
        self.name = name
        self.json = json
        self.layers = layers
        self.warnings = warnings
    }

    /// The ids of the layers drawn, in drawing order.
    public var layerIDs: [String] { layers.map(\.id) }

    /// The names of the built-in styles.
    public static let builtInNames = ["light", "dark"]

    /// A built-in style by name (`light`, `dark`), nil for another name.
    public static func named(_ name: String) -> BasemapStyle? {
        switch name {
        case "light": light
        case "dark": dark
        default: nil
        }
    }

    /// A plain light basemap for the layers `meridian tile` makes from
    /// Natural Earth (`land`, `lakes`, `countries`, `states`, `places`;
    /// docs/tiles.md): pale land on a blue-grey sea, grey borders,
    /// place names at the larger zooms.
    public static let light = builtIn(BuiltInStyles.light, name: "light")

    /// The same basemap for dark pages.
    public static let dark = builtIn(BuiltInStyles.dark, name: "dark")

    private static func builtIn(_ text: String, name: String) -> BasemapStyle {
        // The built-in styles are checked by the tests; a failure here is a bug.
        guard let style = try? BasemapStyle(jsonBytes: Array(text.utf8), name: name) else {
            fatalError("the built-in basemap style \(name) does not read")
        }
        return style
    }

    /// The style's JSON text for a built-in name: a starting point for a
    /// style of one's own.
    public static func builtInText(_ name: String) -> String? {
        switch name {
        case "light": BuiltInStyles.light
        case "dark": BuiltInStyles.dark
        default: nil
        }
    }
}

/// One layer of a basemap style, its values parsed.
struct StyleLayer: Sendable {
    enum Kind: String, Sendable { case background, fill, line, circle, symbol }

    var id: String
    var kind: Kind
    var sourceLayer: String?
    var minZoom = 0.0
    var maxZoom = 24.0
    var filter: StyleExpression?
    /// Paint and layout values by property name.
    var values: [String: StyleExpression] = [:]

    /// The layer, or nil when it is not drawn (hidden, or of a type
    /// Meridian leaves out, which adds a warning).
    init?(_ raw: JSONValue, at pointer: String, warnings: inout [Diagnostic]) throws(DiagnosticError) {
        func failure(_ at: String, _ message: String) -> DiagnosticError {
            DiagnosticError(
                code: "snapshot.basemap.style", message: message, location: SourceLocation(jsonPointer: at))
        }
        func ignored(_ at: String, _ message: String) {
            warnings.append(
                Diagnostic(
                    severity: .warning, code: "snapshot.basemap.ignored", message: message,
                    location: SourceLocation(jsonPointer: at)))
        }
        guard case .object(let object) = raw else { throw failure(pointer, "a layer is a JSON object") }
        guard case .string(let id)? = object["id"] else { throw failure("\(pointer)/id", "a layer has a string id") }
        guard case .string(let type)? = object["type"] else {
            throw failure("\(pointer)/type", "a layer has a type")
        }
        guard let kind = Kind(rawValue: type) else {
            if BasemapStyle.otherLayerTypes.contains(type) {
                ignored("\(pointer)/type", "layer \"\(id)\" is a \(type) layer, which Meridian does not draw")
                return nil
            }
            throw DiagnosticError(
                code: "snapshot.basemap.layer-type",
                message: "\"\(type)\" is not a layer type (background, fill, line, circle and symbol are drawn)",
                location: SourceLocation(jsonPointer: "\(pointer)/type"))
        }
        self.id = id
        self.kind = kind
        if let value = object["source-layer"] {
            guard case .string(let name) = value else {
                throw failure("\(pointer)/source-layer", "the source layer is a string")
            }
            sourceLayer = name
        } else if kind != .background {
            throw failure("\(pointer)", "layer \"\(id)\" has no source-layer: it draws nothing from vector tiles")
        }
        for (key, keyPath) in [("minzoom", \StyleLayer.minZoom), ("maxzoom", \StyleLayer.maxZoom)] {
            guard let value = object[key] else { continue }
            guard let zoom = value.doubleValue, zoom >= 0, zoom <= 24 else {
                throw failure("\(pointer)/\(key)", "a zoom is a number from 0 to 24")
            }
            self[keyPath: keyPath] = zoom
        }
        if let filter = object["filter"] {
            self.filter = try StyleExpression.parseFilter(filter, at: "\(pointer)/filter")
        }
        let supported = BasemapStyle.supportedProperties[type] ?? []
        for group in ["layout", "paint"] {
            guard let members = object[group] else { continue }
            guard case .object(let properties) = members else {
                throw failure("\(pointer)/\(group)", "\(group) is a JSON object")
            }
            for (property, value) in properties.members {
                let at = "\(pointer)/\(group)/\(property)"
                if property == "visibility" {
                    guard value == .string("none") || value == .string("visible") else {
                        throw failure(at, "visibility is \"visible\" or \"none\"")
                    }
                    if value == .string("none") { return nil }
                    continue
                }
                guard supported.contains(property) else {
                    ignored(at, "\(property) is not drawn by Meridian")
                    continue
                }
                let expression = try StyleExpression.parse(value, at: at)
                if case .literal(.string(let text)) = expression, property.hasSuffix("-color"),
                    StyleColor(css: text) == nil
                {
                    throw failure(at, "\"\(text)\" is not a colour")
                }
                values[property] = expression
            }
        }
    }

    /// Whether the layer is drawn at a zoom (its `minzoom` inclusive, `maxzoom` not).
    func isVisible(atZoom zoom: Double) -> Bool { zoom >= minZoom && zoom < maxZoom }

    /// A property's value for a feature, or nil when the style leaves it unset.
    func value(_ property: String, _ context: StyleContext) -> JSONValue? {
        guard let expression = values[property] else { return nil }
        let value = expression.evaluate(in: context)
        return value.isNull ? nil : value
    }

    func number(_ property: String, _ context: StyleContext, default fallback: Double) -> Double {
        guard let number = value(property, context)?.doubleValue, number.isFinite else { return fallback }
        return number
    }

    func color(_ property: String, _ context: StyleContext, default fallback: StyleColor) -> StyleColor {
        value(property, context)?.stringValue.flatMap(StyleColor.init(css:)) ?? fallback
    }
}
