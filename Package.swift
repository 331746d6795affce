// swift-tools-version:6.0
import PackageDescription

/// The folder of this manifest, ending in "/" (for paths in linker flags).
let packageFolder = String(#filePath.dropLast("Package.swift".count))

let package = Package(
    name: "Meridian",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Meridian", targets: ["Meridian"]),
        .library(name: "MeridianCore", targets: ["MeridianCore"]),
        .library(name: "MeridianIO", targets: ["MeridianIO"]),
        .library(name: "MeridianValidity", targets: ["MeridianValidity"]),
        .library(name: "MeridianSpatial", targets: ["MeridianSpatial"]),
        .library(name: "MeridianRouting", targets: ["MeridianRouting"]),
        .library(name: "MeridianCRS", targets: ["MeridianCRS"]),
        .library(name: "MeridianArchive", targets: ["MeridianArchive"]),
        .library(name: "MeridianTOML", targets: ["MeridianTOML"]),
        .library(name: "MeridianJSON", targets: ["MeridianJSON"]),
        .library(name: "MeridianGeoJSON", targets: ["MeridianGeoJSON"]),
        .library(name: "MeridianKML", targets: ["MeridianKML"]),
        .library(name: "MeridianIMDF", targets: ["MeridianIMDF"]),
        .library(name: "MeridianSnapshot", targets: ["MeridianSnapshot"]),
        .library(name: "MeridianCSV", targets: ["MeridianCSV"]),
        .library(name: "MeridianShapefile", targets: ["MeridianShapefile"]),
        .library(name: "MeridianFlatGeobuf", targets: ["MeridianFlatGeobuf"]),
        .library(name: "MeridianTopoJSON", targets: ["MeridianTopoJSON"]),
        .library(name: "MeridianGeoParquet", targets: ["MeridianGeoParquet"]),
        .library(name: "MeridianGeoPackage", targets: ["MeridianGeoPackage"]),
        .library(name: "MeridianOSM", targets: ["MeridianOSM"]),
        .library(name: "MeridianTiles", targets: ["MeridianTiles"]),
        .library(name: "MeridianPlaces", targets: ["MeridianPlaces"]),
        .library(name: "MeridianServer", targets: ["MeridianServer"]),
        .executable(name: "meridian", targets: ["meridian"]),
        .executable(name: "meridian-serve", targets: ["meridian-serve"]),
    ],
    dependencies: [
        // `swift package generate-documentation --target Meridian` builds the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The tests check Meridian's zips with ZIPFoundation. (The peers the
        // benchmarks race against are Benchmarks/Package.swift's.)
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // meridian serve: Hummingbird 2 on SwiftNIO, with structured logs,
        // metrics in Prometheus's format and graceful shutdown.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The platform's C library (Glibc, Musl or Darwin) under one name,
        // imported file by file and re-exported by no module.
        .target(name: "MeridianLibC"),
        .target(name: "MeridianCore", dependencies: ["MeridianLibC"]),
        // The package's own platform layer: threads, signals, mapped files
        // and the C calls that differ between platforms. No product: none
        // of it is the library's API.
        .target(name: "MeridianPlatform", dependencies: ["MeridianCore", "MeridianLibC"]),
        // meridian.toml and the server's configuration: TOML 1.0.0, read by
        // our own parser (TOMLKit brought Foundation into every start).
        .target(name: "MeridianTOML", dependencies: ["MeridianCore"]),
        // The front door every format plugs into: opened inputs and their
        // recognition, safe outputs, the reader and writer protocols and
        // the registry of formats.
        .target(
            name: "MeridianIO",
            dependencies: ["MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianArchive"]),
        // JSON text: the strict reader (RFC 8259, located failures, numbers
        // by Eisel-Lemire) and the writer (shortest round-trip numbers),
        // under every format that reads or writes JSON.
        .target(name: "MeridianJSON", dependencies: ["MeridianLibC", "MeridianCore"]),
        .target(
            name: "MeridianGeoJSON",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianValidity",
            ]),
        .target(
            name: "MeridianSnapshot",
            dependencies: ["MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianPlaces"]),
        // Places: MapKit's search side (completion, search, geocoding, lookup) over places.
        .target(name: "MeridianPlaces", dependencies: ["MeridianLibC", "MeridianPlatform", "MeridianCore"]),
        // libxml2 (libxml2-dev): KML, KMZ, GPX and TCX. Only the C target
        // CLibXML2 sees its headers (they include ICU, which clashes with
        // Foundation's), and the library is opened when the first XML
        // document is (CLibXML2.c): linking it loads libxml2, ICU and
        // liblzma at every start. On Linux the headers are found through
        // the link CLibXML2/libxml2-headers -> /usr/include/libxml2, because
        // SwiftPM links whatever pkg-config names; on macOS, pkg-config.
        .systemLibrary(
            name: "LibXML2", path: "Sources/LibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev", "pkg-config"]), .brew(["libxml2"])]
        ),
        // The one loader of the C libraries opened at first use instead of
        // linked (zlib, SQLite, GEOS, libxml2): dlopen, each function by name.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "CLibXML2",
            dependencies: ["CLibraryLoader", .target(name: "LibXML2", condition: .when(platforms: [.macOS]))],
            exclude: ["libxml2-headers"],
            cSettings: [.headerSearchPath("libxml2-headers", .when(platforms: [.linux]))]),
        // GEOS (libgeos-dev): geometry validity. Its headers are read at
        // build time; the library is opened when first used (CGEOS.c).
        .target(name: "CGEOS", dependencies: ["CLibraryLoader"]),
        .target(name: "MeridianValidity", dependencies: ["MeridianPlatform", "MeridianCore", "CGEOS"]),
        // Spatial operations (buffer, dissolve, overlay, join, clean,
        // measures) on GEOS and the ellipsoid's geodesics.
        .target(name: "MeridianSpatial", dependencies: ["MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianValidity", "CGEOS"]),
        // Routing: networks from lines, routes and travel times as MapKit's MKDirections gives them.
        .target(
            name: "MeridianRouting", dependencies: ["MeridianLibC", "MeridianCore", "MeridianJSON", "MeridianIMDF"]),
        // PROJ (libproj-dev): coordinate reference systems. Its headers are
        // read at build time; the library is opened when first used (CPROJ.c).
        .target(name: "CPROJ", dependencies: ["CLibraryLoader"]),
        .target(name: "MeridianCRS", dependencies: ["MeridianCore", "MeridianPlatform", "CPROJ"]),
        // SQLite (libsqlite3-dev): GeoPackage. Its headers are read at build
        // time; the library is opened when first used (CSQLite.c).
        .target(name: "CSQLite", dependencies: ["CLibraryLoader"]),
        .target(
            name: "MeridianGeoPackage",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianArchive",
                "MeridianTiles", "CSQLite",
            ]),
        // cairo, Pango and librsvg for PNG output, opened when the first PNG
        // is drawn (linking them would load some sixty libraries at every
        // start), and the PNG encoder over zlib.
        .target(
            name: "CRasterizer", dependencies: ["CLibraryLoader", "CLibZ"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // zlib (zlib1g-dev), which inflates and deflates zip entries. Its
        // headers are read at build time; the library is opened when the
        // first zip entry is read or written (CLibZ.c).
        .target(name: "CLibZ", dependencies: ["CLibraryLoader"]),
        // The one zip guard every zipped format reads and writes through
        // (KMZ, IMDF): its own zip structures over zlib, without Foundation.
        .target(name: "MeridianArchive", dependencies: ["MeridianLibC", "MeridianPlatform", "MeridianCore", "CLibZ"]),
        // CSV with coordinate or WKT columns (WKT read by GEOS).
        .target(
            name: "MeridianCSV",
            dependencies: ["MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianValidity"]),
        // ESRI shapefiles: .shp, .shx, .dbf, .prj, .cpg; text through iconv.
        .target(
            name: "MeridianShapefile",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianArchive",
            ]),
        // FlatGeobuf: FlatBuffers read with every offset checked, and the
        // packed Hilbert R-tree.
        .target(
            name: "MeridianFlatGeobuf",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianArchive",
            ]),
        // Snappy and Zstandard (libsnappy1v5, libzstd1), for Parquet pages:
        // opened when the first page needs them (CCompression.c).
        .target(name: "CCompression", dependencies: ["CLibraryLoader"]),
        // GeoParquet: Parquet's Thrift footer, pages and encodings, read
        // and written by our own code (no Parquet library is packaged).
        .target(
            name: "MeridianGeoParquet",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianArchive",
                "CLibZ", "CCompression",
            ]),
        // libpq (libpq5), for PostGIS: opened when the first connection is
        // made (CPostgres.c).
        .target(name: "CPostgres", dependencies: ["CLibraryLoader"]),
        // PostGIS tables and queries, read and written through libpq with
        // binary COPY.
        .target(
            name: "MeridianPostGIS",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianArchive",
                "CPostgres",
            ]),
        // TopoJSON: topologies of shared arcs, read and written.
        .target(
            name: "MeridianTopoJSON",
            dependencies: ["MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO"]),
        .target(
            name: "MeridianKML",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianArchive",
                "MeridianValidity", "CLibXML2",
            ]),
        // OpenStreetMap: PBF blocks (zlib, LZ4, Zstandard) decoded on every
        // core, OSM XML through libxml2, multipolygons assembled and checked
        // with GEOS.
        .target(
            name: "MeridianOSM",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianIO", "MeridianArchive",
                "MeridianValidity", "CLibZ", "CCompression", "CLibXML2",
            ]),
        // Vector tiles: Mapbox Vector Tiles cut with GEOS, PMTiles archives.
        .target(
            name: "MeridianTiles",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianJSON", "MeridianIO", "MeridianArchive",
                "MeridianValidity", "CGEOS",
            ]),
        .target(
            name: "MeridianIMDF",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianCore", "MeridianIO", "MeridianGeoJSON", "MeridianArchive",
                "MeridianValidity",
            ]),
        .target(
            name: "Meridian",
            dependencies: [
                "MeridianLibC", "MeridianPlatform",
                "MeridianCore", "MeridianIO", "MeridianArchive", "MeridianGeoJSON", "MeridianKML", "MeridianIMDF",
                "MeridianSnapshot", "MeridianCRS",
                "MeridianValidity", "MeridianCSV", "MeridianGeoPackage", "MeridianShapefile", "MeridianFlatGeobuf",
                "MeridianTopoJSON", "MeridianGeoParquet", "MeridianPostGIS", "MeridianPlaces", "MeridianSpatial",
                "MeridianOSM", "MeridianTiles", "CRasterizer",
                "MeridianTOML", "MeridianRouting",
            ]
        ),
        // The command line's parser, help, completions and manual: no
        // reflection, so that a start of the tool costs microseconds.
        .target(name: "MeridianCommandLine", dependencies: ["MeridianLibC", "MeridianPlatform", "MeridianCore"]),
        .executableTarget(
            name: "meridian", dependencies: ["MeridianLibC", "MeridianPlatform", "Meridian", "MeridianCommandLine"],
            exclude: ["StaticCxx"],
            // How the release tool is linked on Linux, for a quick start
            // (README, "Start-up"). Debug builds (and the tests) are linked as
            // SwiftPM links them.
            // - The static Swift runtime asks the linker to export every
            //   symbol (9 000 of them); the runtime's start-up then searches
            //   them all with dladdr, a third of a million instructions at
            //   every start. Nothing loads code that needs them, so the tool
            //   keeps them to itself.
            // - The runtime's C++ support is linked from GCC's libstdc++.a:
            //   StaticCxx holds a linker script named libstdc++.so that names
            //   the archive, found ahead of the shared library. lld, which
            //   the toolchain ships, takes an archive's members whatever the
            //   order of the arguments (gold, the default, does not).
            // - The unwinder those need comes from libgcc's archive too
            //   (-static-libgcc), so the loader does not open libgcc_s.so.1.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-Xlinker", "--no-export-dynamic", "-use-ld=lld", "-L",
                        packageFolder + "Sources/meridian/StaticCxx", "-Xclang-linker", "-static-libgcc",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // The server: map images and place search over HTTP. Its own
        // executable, which `meridian serve` runs, so that the command line's
        // every start does not load SwiftNIO.
        .target(
            name: "MeridianServer",
            dependencies: [
                "MeridianLibC", "MeridianPlatform",
                "Meridian",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                "MeridianTOML",
            ]
        ),
        .executableTarget(
            name: "meridian-serve",
            dependencies: [
                "MeridianLibC", "MeridianPlatform",
                "MeridianServer", "MeridianCommandLine",
            ]
        ),
        .executableTarget(
            name: "meridian-fuzz",
            dependencies: [
                "MeridianLibC", "MeridianCore", "MeridianArchive", "MeridianGeoJSON", "MeridianKML", "MeridianIMDF",
                "MeridianTOML", "MeridianPlaces", "MeridianGeoPackage", "MeridianCSV", "MeridianShapefile",
                "MeridianFlatGeobuf", "MeridianTopoJSON", "MeridianGeoParquet", "MeridianPostGIS", "MeridianOSM",
                "MeridianTiles", "MeridianSnapshot", "MeridianRouting", "CRasterizer", "Meridian",
            ],
            path: "Fuzz"
        ),
        // Sample programs: the library used as a user would (`import Meridian` only).
        // `swift build` builds them so they never rot; SampleProgramTests runs them.
        .executableTarget(name: "VenueDirectory", dependencies: ["Meridian"], path: "Samples/VenueDirectory"),
        .executableTarget(name: "RegionSnapshot", dependencies: ["Meridian"], path: "Samples/RegionSnapshot"),
        .executableTarget(name: "ValidateFolder", dependencies: ["Meridian"], path: "Samples/ValidateFolder"),
        .executableTarget(name: "CycleRoute", dependencies: ["Meridian"], path: "Samples/CycleRoute"),
        .testTarget(
            name: "MeridianArchiveTests",
            dependencies: [
                "MeridianPlatform",
                "MeridianArchive", "MeridianTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Shared by every test target: fixtures, samples, temporary folders, external tools,
        // and the conditions that skip a test with its reason.
        .target(name: "MeridianTestSupport", dependencies: ["MeridianCore"], path: "Tests/MeridianTestSupport"),
        .testTarget(
            name: "MeridianCoreTests", dependencies: ["MeridianPlatform", "MeridianCore", "MeridianTestSupport"],
            resources: [.copy("Resources")]),
        .testTarget(name: "MeridianCommandLineTests", dependencies: ["MeridianCommandLine"]),
        .testTarget(name: "MeridianTOMLTests", dependencies: ["MeridianTOML", "MeridianTestSupport"]),
        .testTarget(name: "MeridianCSVTests", dependencies: ["MeridianCSV", "MeridianTestSupport"]),
        .testTarget(name: "MeridianShapefileTests", dependencies: ["MeridianShapefile", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianGeoParquetTests", dependencies: ["MeridianGeoParquet", "MeridianIO", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianFlatGeobufTests", dependencies: ["MeridianFlatGeobuf", "MeridianIO", "MeridianTestSupport"]),
        .testTarget(name: "MeridianTilesTests", dependencies: ["MeridianTiles", "MeridianCore"]),
        .testTarget(
            name: "MeridianRoutingTests",
            dependencies: ["MeridianRouting", "MeridianCore", "MeridianIMDF", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianOSMTests", dependencies: ["MeridianOSM", "MeridianIO", "MeridianCore", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianPlacesTests", dependencies: ["MeridianLibC", "MeridianPlaces", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianGeoPackageTests",
            dependencies: ["MeridianGeoPackage", "MeridianGeoJSON", "MeridianTestSupport"]),
        .testTarget(name: "MeridianJSONTests", dependencies: ["MeridianJSON", "MeridianTestSupport"]),
        .testTarget(name: "MeridianCRSTests", dependencies: ["MeridianCRS", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianSpatialTests",
            dependencies: ["MeridianSpatial", "MeridianValidity", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianGeoJSONTests", dependencies: ["MeridianGeoJSON", "MeridianIO", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianKMLTests", dependencies: ["MeridianKML", "MeridianGeoJSON", "MeridianTestSupport"],
            exclude: ["Resources"]),
        .testTarget(
            name: "MeridianIMDFTests",
            dependencies: [
                "MeridianIMDF", "MeridianGeoJSON", "MeridianTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "MeridianSnapshotTests",
            dependencies: [
                "MeridianLibC", "MeridianPlatform", "MeridianSnapshot", "MeridianGeoJSON", "MeridianTestSupport",
            ]),
        .testTarget(
            name: "MeridianValidityTests", dependencies: ["MeridianValidity", "MeridianGeoJSON", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianTests",
            dependencies: ["MeridianPlatform", "Meridian", "MeridianArchive", "MeridianTestSupport"]),
        .testTarget(
            name: "MeridianServerTests",
            dependencies: ["MeridianServer", "meridian", "meridian-serve", "MeridianTestSupport"]
        ),
        .testTarget(
            name: "MeridianCLITests",
            dependencies: [
                "Meridian", "meridian", "meridian-fuzz", "VenueDirectory", "RegionSnapshot", "ValidateFolder",
                "MeridianTestSupport",
            ]
        ),
    ]
)
