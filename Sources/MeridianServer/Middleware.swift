import Hummingbird
import Meridian

/// Refuses a request target longer than the limit (414), before routing.
struct LimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    let options: ServerOptions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let length = request.uri.path.utf8.count + (request.uri.query?.utf8.count ?? 0)
        guard length <= options.maximumTargetBytes else {
            return Reply.error(
                .uriTooLong, code: "serve.query.too-long",
                "the request target is \(length) bytes long; this server takes at most \(options.maximumTargetBytes)")
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return Reply.error(.notFound, code: "serve.path.unknown", "no endpoint at \(request.uri.path)")
        } catch let error as HTTPError where error.status == .methodNotAllowed {
            return Reply.error(
                .methodNotAllowed, code: "serve.method",
                "\(request.method.rawValue) is not allowed on \(request.uri.path)")
        } catch {
            // Whatever it was, the client learns no more than that it failed.
            return Reply.error(.internalServerError, code: "serve.internal", "the request could not be answered")
        }
    }
}

/// `Authorization: Bearer <token>` on every request but `/health`.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.uri.path == "/health" || request.method == .options { return try await next(request, context) }
        let given = request.headers[.authorization] ?? ""
        guard Self.same(given, "Bearer " + token) else {
            var response = Reply.error(
                .unauthorized, code: "serve.unauthorized", "this server needs Authorization: Bearer <token>")
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        }
        return try await next(request, context)
    }

    /// Compares in time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}

/// CORS for the origins configured (`*` for any): the preflight answered,
/// and the allow headers on every answer to a listed origin.
struct CORSPolicy<Context: RequestContext>: RouterMiddleware {
    let origins: [String]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let origin = request.headers[.origin], origins.contains("*") || origins.contains(origin) else {
            return try await next(request, context)
        }
        var response: Response
        if request.method == .options {
            response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = "GET, POST, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Authorization, Content-Type, Accept"
            response.headers[.accessControlMaxAge] = "600"
        } else {
            response = try await next(request, context)
        }
        response.headers[.accessControlAllowOrigin] = origins.contains("*") ? "*" : origin
        if !origins.contains("*") { response.headers[.vary] = "Origin" }
        return response
    }
}
