// swift-tools-version:6.0
// The benchmark program and the libraries Meridian's own code is raced
// against (CSV.swift, TOMLKit, ZIPFoundation), in a package of their own so
// that a user of the library resolves none of them. Scripts/benchmark*.sh
// build it with `swift build -c release --package-path Benchmarks`.
import PackageDescription

/// A package depended on by path is named after its folder, which is the
/// clone's name, not "Meridian".
let meridian = String(String(#filePath.dropLast("/Benchmarks/Package.swift".count)).split(separator: "/").last!)

let package = Package(
    name: "MeridianBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .executableTarget(
            name: "meridian-benchmark",
            dependencies: [
                .product(name: "Meridian", package: meridian),
                .product(name: "MeridianArchive", package: meridian),
                .product(name: "MeridianTOML", package: meridian),
                .product(name: "MeridianCRS", package: meridian),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "MeridianBenchmark"
        )
    ]
)
