import MeridianCore

extension DiagnosticReport {
    /// The report as a SARIF 2.1.0 log, for GitHub code scanning and the
    /// other tools that read static-analysis results: one run of
    /// `meridian`, whose driver lists the rules of the codes found (id,
    /// name, descriptions, default level, and help that links the code's
    /// entry in docs/diagnostics.md), and one result per diagnostic with
    /// its file, line and column, its JSON pointer as a logical location,
    /// and its feature id and record as properties.
    public func sarif() -> JSONValue {
        var ruleIndex: [String: Int] = [:]
        var rules: [JSONValue] = []
        var results: [JSONValue] = []
        for (file, diagnostics) in files {
            for diagnostic in diagnostics {
                let index: Int
                if let known = ruleIndex[diagnostic.code] {
                    index = known
                } else {
                    index = rules.count
                    ruleIndex[diagnostic.code] = index
                    rules.append(Self.sarifRule(diagnostic))
                }
                results.append(Self.sarifResult(diagnostic, file: file, ruleIndex: index))
            }
        }
        let driver: JSONValue = .object(
            JSONObject([
                ("name", "meridian"), ("version", .string(meridianVersion)),
                ("semanticVersion", .string(meridianVersion)), ("rules", .array(rules)),
            ]))
        let run: JSONValue = .object(
            JSONObject([("tool", .object(JSONObject([("driver", driver)]))), ("results", .array(results))]))
        return .object(
            JSONObject([
                ("$schema", "https://json.schemastore.org/sarif-2.1.0.json"), ("version", "2.1.0"),
                ("runs", .array([run])),
            ]))
    }

    /// SARIF's word for a severity.
    static func sarifLevel(_ severity: Diagnostic.Severity) -> JSONValue {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    private static func sarifRule(_ diagnostic: Diagnostic) -> JSONValue {
        let rule = DiagnosticCatalogue.rule(for: diagnostic.code)
        let summary = rule?.summary ?? diagnostic.message
        let documentation = rule?.documentation ?? "docs/diagnostics.md"
        let fix = DiagnosticCatalogue.fix(for: diagnostic.code).map { " " + $0 } ?? ""
        // geojson.ring.unclosed -> GeojsonRingUnclosed
        let name = diagnostic.code.split { $0 == "." || $0 == "-" }
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return .object(
            JSONObject([
                ("id", .string(diagnostic.code)), ("name", .string(name)),
                ("shortDescription", .object(JSONObject([("text", .string(summary))]))),
                ("fullDescription", .object(JSONObject([("text", .string(summary))]))),
                (
                    "help",
                    .object(
                        JSONObject([
                            ("text", .string("\(summary)\(fix) See \(documentation).")),
                            ("markdown", .string("\(summary)\(fix) See [\(diagnostic.code)](\(documentation)).")),
                        ]))
                ),
                (
                    "defaultConfiguration",
                    .object(JSONObject([("level", sarifLevel(rule?.severity ?? diagnostic.severity))]))
                ),
            ]))
    }

    private static func sarifResult(_ diagnostic: Diagnostic, file: String, ruleIndex: Int) -> JSONValue {
        let location = diagnostic.location
        var physical = JSONObject([
            ("artifactLocation", .object(JSONObject([("uri", .string(uriReference(location.file ?? file)))])))
        ])
        if let line = location.line, line >= 1 {
            var region = JSONObject([("startLine", .integer(Int64(line)))])
            if let column = location.column, column >= 1 { region["startColumn"] = .integer(Int64(column)) }
            physical["region"] = .object(region)
        }
        var result = JSONObject([
            ("ruleId", .string(diagnostic.code)), ("ruleIndex", .integer(Int64(ruleIndex))),
            ("level", sarifLevel(diagnostic.severity)),
            ("message", .object(JSONObject([("text", .string(diagnostic.message))]))),
        ])
        var locationObject = JSONObject([("physicalLocation", .object(physical))])
        if let pointer = location.jsonPointer {
            locationObject["logicalLocations"] = .array([
                .object(
                    JSONObject([("fullyQualifiedName", .string(pointer.isEmpty ? "/" : pointer)), ("kind", "element")]))
            ])
        }
        result["locations"] = .array([.object(locationObject)])
        var properties = JSONObject()
        if let featureID = location.featureID { properties["featureId"] = .string(featureID) }
        if let property = location.property { properties["property"] = .string(property) }
        if let record = location.record { properties["record"] = .integer(Int64(record)) }
        if !properties.isEmpty { result["properties"] = .object(properties) }
        return .object(result)
    }

    /// A path as a URI reference: characters a URI cannot hold are
    /// percent-encoded (`<stdin>` becomes `%3Cstdin%3E`).
    static func uriReference(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            let allowed =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "-._~/!$&'()*+,;=:@".utf8.contains(byte)
            let hex = String(byte, radix: 16, uppercase: true)
            text += allowed ? String(UnicodeScalar(byte)) : "%" + (byte < 0x10 ? "0" : "") + hex
        }
        return text
    }
}
