import MeridianCore

/// Which encoding a `.dbf`'s text is read in: `--encoding` when given;
/// else what the `.cpg` or the language driver byte declares, unless the
/// text itself says otherwise (UTF-8 that is not valid UTF-8; a single-byte
/// code page over text that is valid UTF-8 with characters beyond ASCII,
/// which that code page would garble); else UTF-8 when the text is valid
/// UTF-8, or ISO-8859-1 as GDAL reads undeclared text.
enum EncodingChoice {
    static func decide(
        for parts: ShapefileParts, table: DBFTable, override: String?, found: inout DiagnosticCollector
    ) throws(DiagnosticError) -> TextEncoding {
        if let override {
            guard let encoding = TextEncoding(override) else {
                throw DiagnosticError(
                    code: "shp.encoding.unknown", message: "--encoding \(override) is no encoding iconv knows",
                    location: SourceLocation(file: parts.dbfFile))
            }
            return encoding
        }
        let fromCPG = parts.cpg.map { TextEncoding.name(ofCodePage: String(decoding: $0, as: UTF8.self)) }
            .flatMap { $0.isEmpty ? nil : $0 }
        let fromDriver = TextEncoding.name(ofLanguageDriver: table.languageDriver)
        var declared: TextEncoding?
        let source = fromCPG != nil ? "its .cpg" : "its language driver byte"
        if let name = fromCPG ?? fromDriver {
            declared = TextEncoding(name)
            if declared == nil {
                found.append(
                    Diagnostic(
                        severity: .warning, code: "shp.encoding.unknown",
                        message:
                            "\(parts.dbfFile) declares the encoding \(name) (\(source)), which iconv does not know",
                        location: SourceLocation(file: parts.dbfFile)))
            }
        }
        let scan = scanText(table)
        let utf8 = TextEncoding("UTF-8")!
        guard let declared else {
            guard scan.hasNonASCII else { return utf8 }
            if scan.firstInvalidUTF8 == nil {
                found.append(
                    Diagnostic(
                        severity: .info, code: "shp.encoding.assumed",
                        message:
                            "\(parts.dbfFile) declares no encoding (no .cpg, no language driver); its text is valid UTF-8 and is read as such",
                        location: SourceLocation(file: parts.dbfFile)))
                return utf8
            }
            found.append(
                Diagnostic(
                    severity: .warning, code: "shp.encoding.assumed",
                    message:
                        "\(parts.dbfFile) declares no encoding (no .cpg, no language driver) and its text is not UTF-8: read as ISO-8859-1, as GDAL reads it (give the encoding with --encoding)",
                    location: SourceLocation(file: parts.dbfFile)))
            return TextEncoding("ISO-8859-1")!
        }
        if declared.isUTF8, let (record, field) = scan.firstInvalidUTF8 {
            let fallback = fromDriver.flatMap { $0 == "UTF-8" ? nil : TextEncoding($0) } ?? TextEncoding("CP1252")!
            found.append(
                Diagnostic(
                    severity: .warning, code: "shp.encoding.mismatch",
                    message:
                        "\(parts.dbfFile) declares UTF-8 (\(source)), but record \(record + 1), field \(field), is not UTF-8: its text is read as \(fallback.name) (give the encoding with --encoding)",
                    location: SourceLocation(
                        file: parts.dbfFile, featureID: "#\(record + 1)", property: field, record: record + 1)))
            return fallback
        }
        if declared.isSingleByte, scan.hasNonASCII, scan.firstInvalidUTF8 == nil {
            found.append(
                Diagnostic(
                    severity: .warning, code: "shp.encoding.mismatch",
                    message:
                        "\(parts.dbfFile) declares \(declared.name) (\(source)), but its text is UTF-8, which \(declared.name) would garble: read as UTF-8 (give the encoding with --encoding)",
                    location: SourceLocation(file: parts.dbfFile)))
            return utf8
        }
        return declared
    }

    /// Whether any text field holds bytes beyond ASCII, and the first
    /// record and field whose text is not valid UTF-8.
    static func scanText(_ table: DBFTable) -> (hasNonASCII: Bool, firstInvalidUTF8: (Int, String)?) {
        let textFields = table.fields.filter {
            [UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "M")].contains($0.type)
        }
        var hasNonASCII = false
        for index in 0..<table.recordCount {
            let record = table.record(index)
            for field in textFields where field.offset + field.length <= record.count {
                let raw = UnsafeBufferPointer(rebasing: record[field.offset..<(field.offset + field.length)])
                guard raw.contains(where: { $0 >= 0x80 }) else { continue }
                hasNonASCII = true
                if String(validating: raw.trimmingBlanksAndNULs(leading: false), as: UTF8.self) == nil {
                    return (true, (index, field.name))
                }
            }
        }
        return (hasNonASCII, nil)
    }
}
