// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Meridian",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Meridian", targets: ["Meridian"]),
        .library(name: "MeridianCore", targets: ["MeridianCore"]),
        .library(name: "MeridianGeoJSON", targets: ["MeridianGeoJSON"]),
        .library(name: "MeridianSnapshot", targets: ["MeridianSnapshot"]),
        .executable(name: "meridian", targets: ["meridian"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "MeridianCore"),
        .target(name: "MeridianGeoJSON", dependencies: ["MeridianCore"]),
        .target(name: "MeridianSnapshot", dependencies: ["MeridianCore"]),
        .target(name: "Meridian", dependencies: ["MeridianCore", "MeridianGeoJSON", "MeridianSnapshot"]),
        .executableTarget(
            name: "meridian",
            dependencies: [
                "Meridian",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "meridian-benchmark",
            dependencies: ["MeridianCore", "MeridianGeoJSON"],
            path: "Benchmarks/MeridianBenchmark"
        ),
        .executableTarget(
            name: "meridian-fuzz",
            dependencies: ["MeridianCore", "MeridianGeoJSON"],
            path: "Benchmarks/Fuzz"
        ),
        .testTarget(name: "MeridianCoreTests", dependencies: ["MeridianCore"], resources: [.copy("Resources")]),
        .testTarget(name: "MeridianGeoJSONTests", dependencies: ["MeridianGeoJSON"]),
        .testTarget(name: "MeridianSnapshotTests", dependencies: ["MeridianSnapshot", "MeridianGeoJSON"]),
        .testTarget(name: "MeridianCLITests", dependencies: ["Meridian", "meridian"]),
    ]
)
