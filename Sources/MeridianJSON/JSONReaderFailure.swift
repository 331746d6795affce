import MeridianCore

/// Why the reader stopped, and where (a byte offset). Converted to a
/// located ``Diagnostic`` at the library's edge.
package struct JSONReaderFailure: Error {
    package enum Kind: Hashable {
        case unexpectedEnd
        case unexpectedCharacter
        case trailingContent
        case unterminatedString
        case invalidEscape
        case controlCharacter
        case invalidUTF8
        case invalidNumber
        case numberOutOfRange
        case tooDeep
        /// Valid JSON whose content breaks a GeoJSON rule: the failure
        /// carries the rule's own code.
        case geoJSON

        /// The code of a JSON syntax failure.
        package var code: String {
            switch self {
            case .unexpectedEnd: "json.syntax.unexpected-end"
            case .unexpectedCharacter: "json.syntax.unexpected-character"
            case .trailingContent: "json.syntax.trailing-content"
            case .unterminatedString: "json.string.unterminated"
            case .invalidEscape: "json.string.invalid-escape"
            case .controlCharacter: "json.string.control-character"
            case .invalidUTF8: "json.string.invalid-utf8"
            case .invalidNumber: "json.number.invalid"
            case .numberOutOfRange: "json.number.out-of-range"
            case .tooDeep: "json.depth.exceeded"
            case .geoJSON: "geojson"
            }
        }
    }

    package var kind: Kind
    package var message: String
    package var offset: Int
    /// A GeoJSON-level code, when the JSON was fine but its content was not.
    package var code: String?

    package init(kind: Kind, message: String, offset: Int, code: String? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.code = code
    }

    /// The failure as an error-level diagnostic with line, column, byte
    /// offset and the JSON pointer of the value being read.
    package func diagnostic(
        in bytes: UnsafeBufferPointer<UInt8>, file: String?, lineOffset: Int = 0, byteOffsetBase: Int = 0,
        firstColumn: Int = 1, pointerPrefix: String = ""
    ) -> Diagnostic {
        var location = TextPosition.location(
            of: offset, in: bytes, file: file, lineOffset: lineOffset, byteOffsetBase: byteOffsetBase,
            firstColumn: firstColumn)
        location.jsonPointer = pointerPrefix + JSONPointerLocator.pointer(at: offset, in: bytes)
        return Diagnostic(severity: .error, code: code ?? kind.code, message: message, location: location)
    }
}
