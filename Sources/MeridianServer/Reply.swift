import Hummingbird
import Meridian

/// Responses: JSON bodies, images, and errors as
/// `{"error": {"code": ..., "message": ...}}`.
enum Reply {
    static func json(_ object: JSONObject, status: HTTPResponse.Status = .ok) -> Response {
        bytes(JSONValue.object(object).jsonBytes(), type: "application/json", status: status)
    }

    static func bytes(
        _ bytes: [UInt8], type: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]
    ) -> Response {
        var headers = extra
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// An error answer: the diagnostic's code and message, and the
    /// parameter or JSON pointer it is about; never where a file is.
    static func error(_ status: HTTPResponse.Status, _ diagnostic: Diagnostic) -> Response {
        var error = JSONObject([("code", .string(diagnostic.code)), ("message", .string(diagnostic.message))])
        if let pointer = diagnostic.location.jsonPointer { error["pointer"] = .string(pointer) }
        return json(JSONObject([("error", .object(error))]), status: status)
    }

    static func error(_ status: HTTPResponse.Status, code: String, _ message: String) -> Response {
        error(status, Diagnostic(severity: .error, code: code, message: message))
    }
}

/// A request's query parameters, read with errors that name the parameter
/// (`serve.parameter.invalid`).
struct Query {
    let parameters: [String: String]

    /// The query's parameters; a broken `%` escape (or one that is not
    /// UTF-8) is a `serve.parameter.invalid` error naming the parameter.
    init(_ request: Request) throws(DiagnosticError) {
        // Read from the raw query, so that `+` is a space and `%2B` a plus.
        var parameters: [String: String] = [:]
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = MapsURL.percentDecode(parts[0]),
                let value = MapsURL.percentDecode(parts.count > 1 ? parts[1] : "")
            else {
                throw Self.invalid(
                    String(parts[0].prefix(100)),
                    "not URL-encoded text (a % must be followed by two hex digits of UTF-8)")
            }
            // The first of a repeated parameter counts, as most servers read it.
            if parameters[name] == nil { parameters[name] = value }
        }
        self.parameters = parameters
    }

    subscript(_ name: String) -> String? { parameters[name].flatMap { $0.isEmpty ? nil : $0 } }

    static func invalid(_ name: String, _ message: String) -> DiagnosticError {
        DiagnosticError(code: "serve.parameter.invalid", message: "\(name): \(message)")
    }

    func required(_ name: String) throws(DiagnosticError) -> String {
        guard let value = self[name] else {
            throw DiagnosticError(code: "serve.parameter.missing", message: "the parameter \(name) is required")
        }
        return value
    }

    /// `lat,lon` in degrees, in range.
    func coordinate(_ name: String) throws(DiagnosticError) -> Coordinate? {
        guard let text = self[name] else { return nil }
        return try Self.coordinate(text, name: name)
    }

    /// `text` as `lat,lon` in degrees, in range (an error names `name`).
    static func coordinate(_ text: String, name: String) throws(DiagnosticError) -> Coordinate {
        let numbers = text.split(separator: ",").map { Double($0.trimmingSpaces) }
        guard numbers.count == 2, let latitude = numbers[0], let longitude = numbers[1],
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { throw invalid(name, "give latitude,longitude in degrees, not \"\(text)\"") }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `north,east,south,west` (the Maps Server API's searchRegion).
    func region(_ name: String) throws(DiagnosticError) -> CoordinateRegion? {
        guard let text = self[name] else { return nil }
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingSpaces) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[0] > numbers[2],
            (-90...90).contains(numbers[0]), (-90...90).contains(numbers[2]), (-180...180).contains(numbers[1]),
            (-180...180).contains(numbers[3])
        else { throw Self.invalid(name, "give north,east,south,west in degrees, north above south, not \"\(text)\"") }
        let (north, east, south, west) = (numbers[0], numbers[1], numbers[2], numbers[3])
        let width = east >= west ? east - west : east + 360 - west
        var center = west + width / 2
        if center > 180 { center -= 360 }
        return CoordinateRegion(
            center: Coordinate(latitude: (north + south) / 2, longitude: center),
            span: CoordinateSpan(latitudeDelta: north - south, longitudeDelta: width))
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(DiagnosticError) -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw Self.invalid(name, "give a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func list(_ name: String) -> [String]? {
        self[name].map { $0.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty } }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
