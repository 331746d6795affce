import Foundation
import MeridianTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real server, started as a user starts it (`meridian serve ...
/// --port 0`, a free loopback port), spoken to over HTTP.
final class RunningServer: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Pipe()

    /// The built `meridian`, beside the test bundle.
    static let executable: URL = {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent("meridian") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `meridian serve ARGUMENTS --port 0` and waits for the line
    /// that gives the port.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = Self.executable
        process.arguments = ["serve"] + arguments + ["--port", "0", "--log-level", "warning"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://[^:]+:(\d+)"#, options: .regularExpression),
            let port = Int(text[range].split(separator: ":").last ?? "")
        else {
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw StartFailure(description: "the server did not start: \(text) \(stderr)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }()

    /// One request; `target` is the path and query.
    func request(
        _ target: String, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            fields[String(describing: name).lowercased()] = String(describing: value)
        }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }

    /// Sends `signal` and waits for the exit status.
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

@Suite(.serialized) struct ServerEndToEndTests {
    static let venue = Samples.path("meridian-arcade.zip")
    static let landmarks = Samples.path("cambridge-landmarks.geojson")
    static let basemap = Samples.path("natural-earth.pmtiles")
    static let monaco = Samples.path("monaco.osm.pbf")

    /// The server's command line is read by the tool's own parser: its
    /// mistakes are usage errors (status 2) with the usage line, and
    /// `meridian serve --options` is the server's own help.
    @Test func theServersCommandLineIsCheckedBeforeItStarts() throws {
        let badPort = try runProcess(RunningServer.executable, ["serve", "--port", "99999", Self.landmarks])
        let message = String(decoding: badPort.stderr, as: UTF8.self)
        #expect(badPort.status == 2 && message.contains("--port must be between 0 and 65535"), "\(message)")
        #expect(message.contains("Usage: meridian serve [<options>] [<datasets> ...]"))
        let unknown = try runProcess(RunningServer.executable, ["serve", "--no-such-option", Self.landmarks])
        #expect(unknown.status == 2)
        let help = try runProcess(RunningServer.executable, ["serve", "--options"])
        let text = String(decoding: help.stdout, as: UTF8.self)
        #expect(help.status == 0 && text.contains("--max-image-side <max-image-side>") && text.contains("--log-level"))
    }

    /// A PMTiles dataset's tiles as a web map asks for them, and its TileJSON.
    @Test func tilesAreServedFromAPMTilesDataset() async throws {
        let server = try RunningServer([Self.landmarks, Self.basemap])
        let datasets = try await server.request("/datasets").json["datasets"] as? [[String: Any]] ?? []
        #expect(datasets.first { $0["name"] as? String == "natural-earth" }?["tiles"] as? Bool == true)

        let tile = try await server.request("/tiles/natural-earth/0/0/0.mvt")
        #expect(tile.status == 200)
        #expect(tile.headers["content-type"] == "application/vnd.mapbox-vector-tile")
        // Inflated: a tile's first field is a layer (field 3, length-delimited).
        #expect(tile.body.first == 0x1A && tile.body.count > 10_000)
        let tag = try #require(tile.headers["etag"])
        #expect(try await server.request("/tiles/natural-earth/0/0/0.mvt", headers: ["If-None-Match": tag]).status == 304)
        // To a client that takes gzip, the tile as the archive stores it, inflating to the same bytes.
        let gzipped = try Tool.run(
            "python3",
            [
                "-c",
                """
                import gzip, sys, urllib.request
                request = urllib.request.Request(sys.argv[1], headers={"Accept-Encoding": "gzip"})
                with urllib.request.urlopen(request) as reply:
                    body = reply.read()
                    print(reply.headers["Content-Encoding"], gzip.decompress(body).hex())
                """, "http://127.0.0.1:\(server.port)/tiles/natural-earth/0/0/0.mvt",
            ])
        #expect(gzipped.status == 0, "\(gzipped.output)")
        #expect(gzipped.output.trimmingCharacters(in: .whitespacesAndNewlines) == "gzip " + tile.body.map { String(format: "%02x", $0) }.joined())
        // Past the archive's zooms there is no tile: 204, as tile servers answer.
        #expect(try await server.request("/tiles/natural-earth/6/32/21.mvt").status == 204)
        for bad in ["/tiles/natural-earth/31/0/0.mvt", "/tiles/natural-earth/1/2/0.mvt", "/tiles/natural-earth/1/0/x.mvt",
            "/tiles/natural-earth/1/0/0.png"]
        {
            let reply = try await server.request(bad)
            #expect(reply.status == 400, "\(bad)")
            #expect(reply.text.contains("serve.parameter.invalid"))
        }
        let unknown = try await server.request("/tiles/cambridge-landmarks/0/0/0.mvt")
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("the tile datasets are"), "\(unknown.text)")

        let tileJSON = try await server.request("/tiles/natural-earth.json").json
        #expect(tileJSON["tilejson"] as? String == "3.0.0")
        #expect(tileJSON["tiles"] as? [String] == ["http://127.0.0.1:\(server.port)/tiles/natural-earth/{z}/{x}/{y}.mvt"])
        #expect(tileJSON["maxzoom"] as? Int == 5)
        let layers = (tileJSON["vector_layers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(Set(layers) == ["land", "borders", "states", "rivers", "places"])
        #expect((tileJSON["bounds"] as? [Double])?.count == 4)
        #expect(try await server.request("/tiles/nothing.json").status == 404)
        #expect(server.stop() == 0)
    }

    /// Raster tiles of the data over the basemap: PNGs of 256 pixels (512
    /// at scale 2), drawn once and served again from memory.
    @Test func rasterTilesDrawTheDataOverTheBasemap() async throws {
        let track = Samples.path("london-brussels.gpx")
        let server = try RunningServer([track, Self.basemap])
        let tile = try await server.request("/tiles/6/32/21.png")
        #expect(tile.status == 200)
        #expect(tile.headers["content-type"] == "image/png")
        #expect(Self.pngSize(tile.body).map { [$0.0, $0.1] } == [256, 256])
        let again = try await server.request("/tiles/6/32/21.png")
        #expect(again.body == tile.body)
        let tag = try #require(tile.headers["etag"])
        #expect(try await server.request("/tiles/6/32/21.png", headers: ["If-None-Match": tag]).status == 304)
        let large = try await server.request("/tiles/0/0/0.png?scale=2&colorScheme=dark")
        #expect(large.status == 200)
        #expect(Self.pngSize(large.body).map { [$0.0, $0.1] } == [512, 512])
        for bad in ["/tiles/40/0/0.png", "/tiles/1/0/5.png", "/tiles/1/0/0.png?scale=3",
            "/tiles/1/0/0.png?colorScheme=sepia", "/tiles/1/0/0.png?datasets=nothing"]
        {
            #expect(try await server.request(bad).status == 400, "\(bad)")
        }
        #expect(server.stop() == 0)
    }

    static let browserMissing = Comment(
        rawValue: "chromium or Leaflet is not installed (apt-get install chromium libjs-leaflet); skipping the map page in a browser")

    /// The map page in headless Chromium: Leaflet (served by the server
    /// itself) lays out the raster tiles, and the screenshot shows the sea,
    /// the land and the track; the page asks for nothing elsewhere.
    @Test(
        .enabled(
            if: HeadlessChromium.executable != nil
                && FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js"), browserMissing))
    func theMapPageShowsTheTilesInABrowser() async throws {
        let server = try RunningServer([Samples.path("london-brussels.gpx"), Self.basemap])
        let browser = try HeadlessChromium.launch(width: 800, height: 600)
        defer { browser.close() }
        let origin = "http://127.0.0.1:\(server.port)"
        let session = try browser.open(origin + "/map")
        let deadline = Date().addingTimeInterval(20)
        var loaded = 0
        while Date() < deadline {
            loaded = try browser.evaluate("document.querySelectorAll('img.leaflet-tile-loaded').length", in: session) as? Int ?? 0
            let waiting = try browser.evaluate(
                "document.querySelectorAll('img.leaflet-tile:not(.leaflet-tile-loaded)').length", in: session) as? Int ?? 1
            if loaded >= 4, waiting == 0 { break }
            usleep(100_000)
        }
        #expect(loaded >= 4, "\(loaded) tiles loaded")
        usleep(500_000)  // Leaflet fades tiles in.
        let screenshot = try browser.screenshot(in: session)
        let pixels = try withTemporaryFolder { folder in
            let png = folder.appendingPathComponent("map.png").path
            let raw = folder.appendingPathComponent("map.raw").path
            try screenshot.write(to: URL(fileURLWithPath: png))
            if let keep = ProcessInfo.processInfo.environment["MERIDIAN_SCREENSHOTS"] {
                try? screenshot.write(to: URL(fileURLWithPath: keep).appendingPathComponent("meridian-serve-map.png"))
            }
            let gdal = try Tool.run("gdal_translate", ["-q", "-of", "ENVI", "-co", "INTERLEAVE=BIP", "-b", "1", "-b", "2", "-b", "3", png, raw])
            try #require(gdal.status == 0, "\(gdal.output)")
            return Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        }
        try #require(pixels.count == 800 * 600 * 3)
        func count(_ red: Int, _ green: Int, _ blue: Int) -> Int {
            stride(from: 0, to: pixels.count, by: 3).filter {
                abs(Int(pixels[$0]) - red) <= 8 && abs(Int(pixels[$0 + 1]) - green) <= 8 && abs(Int(pixels[$0 + 2]) - blue) <= 8
            }.count
        }
        let (sea, land, track) = (count(0xd4, 0xe3, 0xed), count(0xf6, 0xf4, 0xef), count(0x2f, 0x6d, 0xb5))
        #expect(sea > 800 * 600 / 10, "sea: \(sea) pixels")
        #expect(land > 800 * 600 / 10, "land: \(land) pixels")
        #expect(track > 200, "track: \(track) pixels")
        let elsewhere = browser.requestedURLs.filter { !$0.hasPrefix(origin + "/") && !$0.hasPrefix("data:") }
        #expect(elsewhere.isEmpty, "\(elsewhere)")
        #expect(server.stop() == 0)
    }

    /// A PNG's width and height, from its IHDR chunk.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = Array(data)
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// `/v1/directions` and `/v1/etas` over Monaco's streets: the route the
    /// library finds, in the Maps Server API's fields.
    @Test func directionsAndTravelTimesAcrossMonaco() async throws {
        let server = try RunningServer([Self.monaco])
        let (casino, palace) = ("43.7384,7.4246", "43.7311,7.4197")
        let reply = try await server.request("/v1/directions?origin=\(casino)&destination=\(palace)&transportType=Automobile")
        #expect(reply.status == 200, "\(reply.text)")
        let route = try #require((reply.json["routes"] as? [[String: Any]])?.first)
        let steps = reply.json["steps"] as? [[String: Any]] ?? []
        let paths = reply.json["stepPaths"] as? [[[String: Double]]] ?? []
        #expect((route["stepIndexes"] as? [Int])?.count == steps.count)
        #expect(paths.count == steps.count)
        #expect(route["transportType"] as? String == "Automobile")
        let metres = try #require(route["distanceMeters"] as? Double)
        let stepMetres = steps.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)
        #expect(abs(metres - stepMetres) < 1e-6 * metres)
        let stepSeconds = steps.compactMap { $0["durationSeconds"] as? Double }.reduce(0, +)
        #expect(abs((route["durationSeconds"] as? Double ?? 0) - stepSeconds) < 1e-6 * stepSeconds)

        let etas = try await server.request("/v1/etas?origin=\(casino)&destinations=\(palace)%7C43.7400,7.4300&transportType=Automobile")
        let first = try #require((etas.json["etas"] as? [[String: Any]])?.first)
        #expect(first["expectedTravelTimeSeconds"] as? Double == route["durationSeconds"] as? Double)
        #expect(abs((first["distanceMeters"] as? Double ?? 0) - metres) < 1e-6 * metres)

        // Alternate routes share the steps list, each by its stepIndexes.
        let three = try await server.request(
            "/v1/directions?origin=\(casino)&destination=\(palace)&requestsAlternateRoutes=true")
        let routes = three.json["routes"] as? [[String: Any]] ?? []
        #expect(routes.count == 3, "\(three.text)")
        let indexes = routes.flatMap { $0["stepIndexes"] as? [Int] ?? [] }
        #expect(indexes == Array(0..<((three.json["steps"] as? [Any])?.count ?? 0)))
        let durations = routes.compactMap { $0["durationSeconds"] as? Double }
        #expect(durations == durations.sorted() && durations.last! <= 1.4 * durations[0])

        let named = try await server.request("/v1/directions?origin=node%2F4416197079&destination=Palais+princier+de+Monaco")
        #expect(named.status == 200, "\(named.text)")

        let bad = try await server.request("/v1/directions?origin=\(casino)&transportType=Hovercraft")
        #expect(bad.status == 400 && bad.text.contains("transportType"), "\(bad.text)")
        let missing = try await server.request("/v1/directions?origin=\(casino)")
        #expect(missing.status == 400 && missing.text.contains("destination"), "\(missing.text)")
    }

    /// Through the sample venue, beside Monaco's streets: a request whose
    /// origin is in the venue is routed through it, level by level.
    @Test func directionsThroughTheSampleVenue() async throws {
        let server = try RunningServer([Self.venue, Self.monaco])
        let reply = try await server.request(
            "/v1/directions?origin=Bean+There&destination=52.20559208,0.12212912@1&transportType=Wheelchair")
        #expect(reply.status == 200, "\(reply.text)")
        let steps = reply.json["steps"] as? [[String: Any]] ?? []
        #expect(steps.contains { $0["instructions"] as? String == "Take the elevator to First Floor" }, "\(steps)")
        #expect(steps.first?["level"] as? Int == 0 && steps.last?["level"] as? Int == 1)
        let etas = try await server.request("/v1/etas?origin=52.2053674,0.12190971@0&destinations=Noodle+Bar%7CPixel+Games")
        let times = (etas.json["etas"] as? [[String: Any]] ?? []).compactMap { $0["expectedTravelTimeSeconds"] as? Double }
        #expect(times.count == 2, "\(etas.text)")
        // Monaco's streets still answer for an origin outside the venue.
        let streets = try await server.request("/v1/directions?origin=43.7384,7.4246&destination=43.7311,7.4197")
        #expect(streets.status == 200, "\(streets.text)")
        let level = try await server.request("/v1/directions?origin=52.2053674,0.12190971@9&destination=Noodle+Bar")
        #expect(level.status == 400 && level.text.contains("no level 9"), "\(level.text)")
    }

    /// A prepared network (meridian route --prepare) is routed through its
    /// hierarchy: the same travel time as the plain graph's route.
    @Test func directionsOverAPreparedNetwork() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("monaco-\(UUID().uuidString).mrnet").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let prepared = try runProcess(RunningServer.executable, ["route", Self.monaco, "--mode", "driving", "--prepare", file])
        #expect(prepared.status == 0, "\(String(decoding: prepared.stderr, as: UTF8.self))")
        let plain = try runProcess(
            RunningServer.executable,
            ["route", Self.monaco, "--from", "43.7384,7.4246", "--to", "43.7311,7.4197", "--mode", "driving", "--format", "json"])
        let expected = try #require(
            (try JSONSerialization.jsonObject(with: Data(plain.stdout)) as? [String: Any])?["expectedTravelTime"] as? Double)
        let server = try RunningServer([file])
        let reply = try await server.request("/v1/directions?origin=43.7384,7.4246&destination=43.7311,7.4197&transportType=Automobile")
        #expect(reply.status == 200, "\(reply.text)")
        let seconds = try #require((reply.json["routes"] as? [[String: Any]])?.first?["durationSeconds"] as? Double)
        #expect(abs(seconds - expected) < 1e-9 * seconds)
        // Walking on the same file: the graph itself, by Dijkstra.
        let walk = try await server.request("/v1/directions?origin=43.7384,7.4246&destination=43.7311,7.4197")
        #expect(walk.status == 200, "\(walk.text)")
    }

    @Test func everyEndpointAnswers() async throws {
        let server = try RunningServer([Self.venue, Self.landmarks])
        #expect(try await server.request("/health").json["status"] as? String == "ok")

        let datasets = try await server.request("/datasets").json
        let names = (datasets["datasets"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["meridian-arcade", "cambridge-landmarks"])

        let search = try await server.request("/v1/search?q=king%27s+college")
        let results = search.json["results"] as? [[String: Any]] ?? []
        #expect(search.status == 200)
        #expect(results.first?["id"] as? String == "kings-college-chapel")
        #expect((results.first?["source"] as? [String: Any])?["dataset"] as? String == "cambridge-landmarks")
        #expect(search.json["displayMapRegion"] != nil)

        let complete = try await server.request("/v1/searchAutocomplete?q=kin")
        let completions = complete.json["results"] as? [[String: Any]] ?? []
        #expect(completions.contains { ($0["displayLines"] as? [String])?.first == "King's College Chapel" })
        #expect(completions.allSatisfy { ($0["completionUrl"] as? String)?.hasPrefix("/v1/search?q=") == true })

        let venueSearch = try await server.request("/v1/search?q=restroom&resultTypeFilter=Poi")
        #expect((venueSearch.json["results"] as? [[String: Any]])?.isEmpty == false)

        let geocode = try await server.request("/v1/geocode?q=Meridian+Arcade")
        #expect(geocode.status == 200)

        // Inside the venue: the unit, its level, the building, the venue.
        let venueResults = venueSearch.json["results"] as? [[String: Any]] ?? []
        let inside = try #require(venueResults.first?["coordinate"] as? [String: Double])
        let reverse = try await server.request(
            "/v1/reverseGeocode?loc=\(inside["latitude"]!),\(inside["longitude"]!)")
        #expect((reverse.json["results"] as? [[String: Any]])?.isEmpty == false)

        let place = try await server.request("/v1/place/kings-college-chapel")
        #expect(place.json["name"] as? String == "King's College Chapel")
        #expect(try await server.request("/v1/place/nowhere").status == 404)

        let places = try await server.request("/v1/places?ids=kings-college-chapel,nowhere")
        #expect((places.json["results"] as? [[String: Any]])?.count == 1)
        #expect((places.json["errors"] as? [[String: Any]])?.first?["id"] as? String == "nowhere")

        let svg = try await server.request("/snapshot?size=400x300&datasets=cambridge-landmarks")
        #expect(svg.status == 200 && svg.headers["content-type"] == "image/svg+xml")
        #expect(svg.text.hasPrefix("<svg") || svg.text.hasPrefix("<?xml"))
        let tag = try #require(svg.headers["etag"])
        #expect(svg.headers["cache-control"]?.contains("max-age") == true)
        let again = try await server.request(
            "/snapshot?size=400x300&datasets=cambridge-landmarks", headers: ["If-None-Match": tag])
        #expect(again.status == 304)

        let png = try await server.request(
            "/snapshot?size=320x240&scale=2&colorScheme=dark", headers: ["Accept": "image/png"])
        #expect(png.status == 200 && png.headers["content-type"] == "image/png")
        #expect(Array(png.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        let good = try await server.request(
            "/validate?name=landmarks.geojson", method: "POST",
            body: try Data(contentsOf: URL(fileURLWithPath: Self.landmarks)))
        #expect(good.json["version"] as? Int == 1)
        #expect((good.json["summary"] as? [String: Any])?["errors"] as? Int == 0)
        let venueReport = try await server.request(
            "/validate", method: "POST", body: try Data(contentsOf: URL(fileURLWithPath: Self.venue)))
        #expect(venueReport.status == 200 && venueReport.json["files"] != nil)
        let bad = try await server.request(
            "/validate", method: "POST",
            body: Data(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1]}}"#.utf8))
        let files = bad.json["files"] as? [[String: Any]] ?? []
        #expect(files.first?["file"] as? String == "request")
        #expect((files.first?["errors"] as? Int ?? 0) >= 1)
        #expect(!bad.text.contains("/tmp") && !bad.text.contains("meridian-serve-"))

        let metrics = try await server.request("/metrics")
        #expect(metrics.status == 200 && metrics.text.contains("hb_request"))

        #expect(try await server.request("/nowhere").status == 404)
        #expect(server.stop() == 0)
    }

    /// Bad requests get a 4xx whose JSON body names what is wrong, and
    /// nothing of where the data lives.
    @Test func badRequestsAreNamedNotTraced() async throws {
        let server = try RunningServer([Self.landmarks])
        for (target, status, code) in [
            ("/v1/search", 400, "serve.parameter.missing"),
            ("/v1/search?q=a&searchLocation=91,0", 400, "serve.parameter.invalid"),
            ("/v1/search?q=a&searchRegion=1,2,3", 400, "serve.parameter.invalid"),
            ("/v1/reverseGeocode?loc=abc", 400, "serve.parameter.invalid"),
            ("/snapshot?size=5000x5000", 400, "serve.parameter.invalid"),
            ("/snapshot?center=95,0", 400, "snapshot.document.value"),
            ("/snapshot?annotations=%5Bnot+json", 400, "serve.parameter.invalid"),
            ("/snapshot?datasets=secret", 400, "serve.dataset.unknown"),
            ("/snapshot?format=gif", 400, "serve.parameter.invalid"),
            ("/v1/places", 400, "serve.parameter.missing"),
            // Latin-1, not UTF-8.
            ("/v1/search?q=caf%E9", 400, "serve.parameter.invalid"),
            ("/nowhere", 404, "serve.path.unknown"),
        ] {
            let reply = try await server.request(target)
            #expect(reply.status == status, "\(target)")
            #expect((reply.json["error"] as? [String: Any])?["code"] as? String == code, "\(target): \(reply.text)")
            let folder = URL(fileURLWithPath: Self.landmarks).deletingLastPathComponent().path
            #expect(!reply.text.contains(folder) && !reply.text.contains("/tmp/"), "\(target): \(reply.text)")
        }
        let long = try await server.request("/v1/search?q=" + String(repeating: "a", count: 20_000))
        #expect(long.status == 414)
        #expect(server.stop() == 0)
    }

    /// An upload is checked in a worker process with limits of its own:
    /// one that needs more memory than allowed is a 422, and the server
    /// goes on answering, the next upload included.
    @Test func anUploadPastTheWorkersLimitsIsA422AndTheServerLivesOn() async throws {
        let server = try RunningServer([Self.landmarks, "--validate-memory-mb", "64"])
        let points = (0..<400_000).map { i in
            #"{"type":"Feature","properties":{"n":\#(i)},"geometry":{"type":"Point","coordinates":[\#(Double(i % 360) - 180),\#(Double(i % 180) - 90)]}}"#
        }
        let large = Data((#"{"type":"FeatureCollection","features":["# + points.joined(separator: ",") + "]}").utf8)
        let refused = try await server.request("/validate", method: "POST", body: large)
        #expect(refused.status == 422 && refused.text.contains("serve.validate.limits"), "\(refused.status) \(refused.text)")
        #expect(try await server.request("/health").status == 200)
        let good = try await server.request(
            "/validate", method: "POST", body: try Data(contentsOf: URL(fileURLWithPath: Self.landmarks)))
        #expect(good.status == 200 && (good.json["summary"] as? [String: Any])?["errors"] as? Int == 0)
        #expect(server.stop() == 0)
    }

    @Test func tokenLimitsAndCORS() async throws {
        let server = try RunningServer(
            [Self.landmarks, "--token", "s3cret", "--max-body-mb", "1", "--cors", "https://maps.example.org"])
        #expect(try await server.request("/health").status == 200)
        let refused = try await server.request("/v1/search?q=king")
        #expect(refused.status == 401 && refused.headers["www-authenticate"] == "Bearer")
        #expect(try await server.request("/v1/search?q=king", headers: ["Authorization": "Bearer wrong"]).status == 401)
        let auth = ["Authorization": "Bearer s3cret"]
        #expect(try await server.request("/v1/search?q=king", headers: auth).status == 200)
        let large = try await server.request(
            "/validate", method: "POST", body: Data(count: 2 << 20), headers: auth)
        #expect(large.status == 413)
        let listed = try await server.request(
            "/v1/search?q=king", headers: auth.merging(["Origin": "https://maps.example.org"]) { $1 })
        #expect(listed.headers["access-control-allow-origin"] == "https://maps.example.org")
        let other = try await server.request(
            "/v1/search?q=king", headers: auth.merging(["Origin": "https://evil.example"]) { $1 })
        #expect(other.headers["access-control-allow-origin"] == nil)
        #expect(server.stop() == 0)

        // CORS is off unless asked for.
        let plain = try RunningServer([Self.landmarks])
        let reply = try await plain.request("/health", headers: ["Origin": "https://maps.example.org"])
        #expect(reply.headers["access-control-allow-origin"] == nil)
        #expect(plain.stop() == 0)
    }

    @Test func aConfigurationFileSetsTheServer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("serve.toml")
        try Data(
            "datasets = [\"\(Self.landmarks)\"]\ntoken = \"from-file\"\nmax-image-side = 512\n".utf8
        ).write(to: config)
        let server = try RunningServer(["--config", config.path])
        #expect(try await server.request("/v1/search?q=king").status == 401)
        let auth = ["Authorization": "Bearer from-file"]
        #expect(try await server.request("/v1/search?q=king", headers: auth).status == 200)
        #expect(try await server.request("/snapshot?size=600x400", headers: auth).status == 400)
        #expect(server.stop() == 0)

        try Data("datasets = []\nprot = 80\n".utf8).write(to: config)
        let refused = try runProcess(RunningServer.executable, ["serve", "--config", config.path, Self.landmarks])
        #expect(refused.status == 2)
        let message = String(decoding: refused.stderr, as: UTF8.self)
        #expect(message.contains("serve.toml:2") && message.contains("prot"), "\(message)")
    }

    /// SIGHUP reloads the datasets while requests keep coming, none lost;
    /// SIGTERM finishes and exits 0.
    @Test func reloadLosesNoRequestAndTermFinishes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let data = folder.appendingPathComponent("landmarks.geojson")
            try Data(contentsOf: URL(fileURLWithPath: Self.landmarks)).write(to: data)
            let server = try RunningServer([data.path])
            let before = try await server.request("/datasets").json
            #expect(before["generation"] as? Int == 0)
            var collection = try JSONSerialization.jsonObject(with: Data(contentsOf: data)) as! [String: Any]
            collection["features"] = Array((collection["features"] as! [Any]).prefix(2))
            try JSONSerialization.data(withJSONObject: collection).write(to: data)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        if index == 50 { kill(server.process.processIdentifier, SIGHUP) }
                        return try await server.request("/v1/searchAutocomplete?q=c").status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 })
            var after: [String: Any] = [:]
            for _ in 0..<50 {
                after = try await server.request("/datasets").json
                if after["generation"] as? Int == 1 { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(after["generation"] as? Int == 1)
            #expect(after["places"] as? Int == 2)
            #expect(server.stop(SIGTERM) == 0)
        }
    }
}

/// docs/openapi.json describes the server: every documented operation,
/// called with its examples, answers a documented status with the
/// documented content type, and its JSON carries the schema's required
/// fields; an operation the server answers that the document leaves out
/// would be a 404 here.
@Suite struct OpenAPIDocumentTests {
    nonisolated(unsafe) static let document: [String: Any] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.json")
        return (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any] ?? [:]
    }()

    /// The schema a `$ref` names, or the schema itself.
    static func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String else { return schema }
        let name = String(reference.split(separator: "/").last ?? "")
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        return schemas?[name] as? [String: Any] ?? [:]
    }

    /// The paths at which `value` lacks a field `schema` requires.
    static func missing(_ value: Any, _ schema: [String: Any], at path: String = "") -> [String] {
        let schema = resolve(schema)
        var problems: [String] = []
        if let object = value as? [String: Any] {
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append(path + "/" + name)
            }
            for (name, property) in schema["properties"] as? [String: [String: Any]] ?? [:] {
                if let inner = object[name] { problems += missing(inner, property, at: path + "/" + name) }
            }
        } else if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() { problems += missing(element, items, at: path + "/\(index)") }
        }
        return problems
    }

    @Test func theServerIsWhatTheDocumentSays() async throws {
        let paths = try #require(Self.document["paths"] as? [String: [String: Any]])
        #expect(paths.count == 18)
        let server = try RunningServer(
            [ServerEndToEndTests.venue, ServerEndToEndTests.landmarks, ServerEndToEndTests.basemap, ServerEndToEndTests.monaco])
        for (template, operations) in paths.sorted(by: { $0.key < $1.key }) {
            for (method, value) in operations {
                let operation = try #require(value as? [String: Any])
                var path = template
                var query: [String] = []
                for parameter in operation["parameters"] as? [[String: Any]] ?? [] {
                    guard let name = parameter["name"] as? String, let example = parameter["example"] else { continue }
                    let text = "\(example)".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                    if parameter["in"] as? String == "path" {
                        path = path.replacingOccurrences(of: "{\(name)}", with: text)
                    } else {
                        query.append("\(name)=\(text)")
                    }
                }
                var body: Data? = nil
                if let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: [String: Any]],
                    let example = content.values.compactMap({ $0["example"] }).first
                {
                    body = try JSONSerialization.data(withJSONObject: example)
                }
                let target = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
                let reply = try await server.request(target, method: method.uppercased(), body: body)
                let responses = try #require(operation["responses"] as? [String: [String: Any]])
                let documented = try #require(responses[String(reply.status)], "\(method) \(target): \(reply.status)")
                let content = documented["content"] as? [String: [String: Any]] ?? [:]
                let type = reply.headers["content-type"]?.split(separator: ";").first.map(String.init) ?? ""
                #expect(
                    content.isEmpty
                        || content.keys.contains { type == $0 || ($0 == "text/plain" && type == "text/plain") },
                    "\(method) \(target): \(type)")
                if type == "application/json", let schema = content["application/json"]?["schema"] as? [String: Any] {
                    let json = try JSONSerialization.jsonObject(with: reply.body)
                    #expect(Self.missing(json, schema).isEmpty, "\(method) \(target): \(Self.missing(json, schema))")
                }
            }
        }
        #expect(server.stop() == 0)
    }
}
