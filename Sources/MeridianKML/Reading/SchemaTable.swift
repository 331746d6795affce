import MeridianCore

/// The `<Schema>` declarations of a document (OGC 07-147r2, 9.8): the type
/// of each `SimpleField`, used to type `SimpleData` values.
///
/// ```swift
/// var schemas = SchemaTable()
/// schemas.register(schemaElement)      // <SimpleField name="gid" type="int"/>
/// schemas.value("42", field: "gid", schemaUrl: "#parcels")   // .integer(42)
/// ```
///
/// A field is looked up in the schema the `schemaUrl` names, then among
/// every field declared anywhere (togeojson's rule, for files whose
/// schemaUrl is wrong). int/uint/short/ushort become integers, float and
/// double numbers, bool a Boolean ("1" and "true" are true, anything else
/// false: togeojson's "0" -> true is a bug); a value that does not parse
/// as its type is kept as the string written.
struct SchemaTable {
    private var bySchema: [String: [String: String]] = [:]
    private var anyField: [String: String] = [:]

    mutating func register(_ schema: KMLElement) {
        var fields: [String: String] = [:]
        for field in schema.children(named: .SimpleField) {
            guard let name = field.attribute("name") else { continue }
            let type = (field.attribute("type") ?? "string").trimmedKMLWhitespace.lowercased()
            fields[name] = type
            anyField[name] = type
        }
        for key in [schema.attribute("id"), schema.attribute("name")].compactMap({ $0 }) where !key.isEmpty {
            bySchema[key] = fields
        }
    }

    func type(of field: String, schemaUrl: String?) -> String {
        if let schemaUrl {
            let id = schemaUrl.hasPrefix("#") ? String(schemaUrl.dropFirst()) : schemaUrl
            if let type = bySchema[id]?[field] { return type }
        }
        return anyField[field] ?? "string"
    }

    /// The JSON value of a SimpleData's text, typed by its field.
    func value(_ text: String, field: String, schemaUrl: String?) -> JSONValue {
        let trimmed = text.trimmedKMLWhitespace
        switch type(of: field, schemaUrl: schemaUrl) {
        case "int", "uint", "short", "ushort":
            if let integer = Int64(trimmed) { return .integer(integer) }
            if let double = Double(trimmed), double.isFinite { return .double(double) }
            return .string(text)
        case "float", "double":
            if let integer = Int64(trimmed) { return .integer(integer) }
            if let double = Double(trimmed), double.isFinite { return .double(double) }
            return .string(text)
        case "bool", "boolean":
            let lower = trimmed.lowercased()
            return .bool(lower == "1" || lower == "true")
        default:
            return .string(text)
        }
    }
}
