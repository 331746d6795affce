import MeridianCore
import MeridianJSON

/// Properties that are not KML elements, as ExtendedData: strings as
/// `<Data>`; properties that are numbers or Booleans in every feature as
/// typed `<SimpleData>`, declared in one `<Schema>`; other values as JSON text.
extension KMLWriter {
    static let schemaID = "meridian-schema"

    func writeExtendedData(_ feature: Feature, plan: Plan, geometryType: String?, into out: inout Output) {
        var data: [(String, String)] = []
        var simple: [(String, String)] = []
        for (key, value) in feature.properties.members {
            if Self.isElementProperty(key, value, geometryType: geometryType) { continue }
            if plan.isTyped(key) {
                switch value {
                case .integer(let v): simple.append((key, String(v)))
                case .double(let v): simple.append((key, "\(v)"))
                case .bool(let v): simple.append((key, v ? "true" : "false"))
                default: break
                }
                continue
            }
            switch value {
            case .string(let text): data.append((key, text))
            case .null: data.append((key, ""))
            // Compact JSON, without the line's newline.
            default: data.append((key, value.compactJSONText))
            }
        }
        guard !data.isEmpty || !simple.isEmpty else { return }
        out.open("ExtendedData")
        for (key, text) in data {
            out.line(#"<Data name="\#(XMLText.escaped(key))">"#)
            out.element("value", text)
            out.line("</Data>")
        }
        if !simple.isEmpty {
            out.line("<SchemaData schemaUrl=\"#" + Self.schemaID + "\">")
            for (key, text) in simple {
                out.line(#"<SimpleData name="\#(XMLText.escaped(key))">\#(XMLText.escaped(text))</SimpleData>"#)
            }
            out.line("</SchemaData>")
        }
        out.close("ExtendedData")
    }
}

extension KMLWriter.Plan {
    /// Notes the type of each ExtendedData property of `feature`: a property
    /// stays typed while every value seen is of one kind (integers and
    /// doubles together are doubles).
    mutating func recordFieldTypes(of feature: Feature) {
        let geometryType = feature.properties["@geometry-type"]?.stringValue
        for (key, value) in feature.properties.members {
            if KMLWriter.isElementProperty(key, value, geometryType: geometryType) { continue }
            let type: String?
            switch value {
            case .integer: type = "int"
            case .double: type = "double"
            case .bool: type = "bool"
            default: type = nil
            }
            if let existing = fieldTypes[key] {
                if existing == "string" { continue }
                if type == nil || (existing == "bool") != (type == "bool") {
                    fieldTypes[key] = "string"
                } else if existing != type {
                    fieldTypes[key] = "double"
                }
            } else {
                fieldTypes[key] = type ?? "string"
                fieldOrder.append(key)
            }
        }
    }

    func isTyped(_ key: String) -> Bool {
        if let type = fieldTypes[key] { return type != "string" }
        return false
    }

    func writeSchema(into out: inout KMLWriter.Output) {
        let typed = fieldOrder.filter { isTyped($0) }
        guard !typed.isEmpty else { return }
        out.line(#"<Schema name="meridian" id="\#(KMLWriter.schemaID)">"#)
        for key in typed {
            out.line(#"<SimpleField name="\#(XMLText.escaped(key))" type="\#(fieldTypes[key]!)"/>"#)
        }
        out.line("</Schema>")
    }
}
