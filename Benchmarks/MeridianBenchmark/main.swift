import CSV
// Times Meridian's in-process work on one file, for Scripts/benchmark.sh:
//
//     meridian-benchmark decode FILE     GeoJSON bytes -> typed features
//     meridian-benchmark decode-file FILE  the file -> typed features, streamed (peak memory)
//     meridian-benchmark json FILE       bytes -> generic JSONValue tree
//     meridian-benchmark encode FILE     typed features -> GeoJSON bytes
//     meridian-benchmark csv FILE        CSV bytes -> features (Meridian's RFC 4180 reader)
//     meridian-benchmark csv-rows FILE   CSV bytes -> rows of strings (the same reader, records only)
//     meridian-benchmark csv-swift FILE  CSV text -> rows of strings (yaslab/CSV.swift, the race)
//     meridian-benchmark zip FILE        a zip -> every entry's bytes (Meridian's reader over zlib)
//     meridian-benchmark zip-zipfoundation FILE   the same with ZIPFoundation (the race)
//     meridian-benchmark toml FILE       TOML text -> tables (MeridianTOML)
//     meridian-benchmark toml-tomlkit FILE   the same with TOMLKit (toml++; the race)
//     meridian-benchmark places DATA QUERIES   places index build and query latencies (Places.swift)
//     meridian-benchmark crs SOURCE COUNT THREADS   positions carried to WGS 84 per second (Reprojection.swift)
//
// Reads the file once, repeats the work for at least a second, and prints
// the best rate in MB/s (1 MB = 10^6 bytes) on one line.
import Foundation
import Glibc
import MeridianArchive
import MeridianCSV
import MeridianCore
import MeridianGeoJSON
import MeridianTOML
import TOMLKit
import ZIPFoundation

let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "places" {
    try runPlacesBenchmark(arguments)
    exit(0)
}
if arguments.count > 1, arguments[1] == "crs" {
    try runReprojectionBenchmark(arguments)
    exit(0)
}
if arguments.count == 3, arguments[1] == "decode-file" {
    // Once, for the peak memory of decoding a file without holding its text.
    let document = try GeoJSONDocument(contentsOfFile: arguments[2])
    print(document.featureCollection.features.count)
    exit(0)
}
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: meridian-benchmark decode|json|encode FILE\n".utf8))
    exit(2)
}
// The allocator as the tool sets it. Freeing the file's `Data` used to
// raise glibc's thresholds as a side effect; without either, each
// repetition gave its memory back and faulted it in again (canada.json 8 %
// slower, the time in the kernel).
// (glibc's mallopt: M_MMAP_THRESHOLD -3, M_TRIM_THRESHOLD -1, M_TOP_PAD -2,
// as Meridian's Platform.tuneAllocatorForCommands sets them.)
if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 32 << 20)
    _ = mallopt(-1, 64 << 20)
    _ = mallopt(-2, 64 << 20)
}
/// The file's bytes, read straight into an array of their size. Through
/// `Data` they were held twice at once (400 MB for a 200 MB file, before any
/// decoding, which is what the peak of `decode` measured); an array grown
/// as it is read leaves its earlier buffers free in the main thread's heap,
/// where the decode's other threads cannot use them (430 MB).
func readFile(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    var status = stat()
    guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(1)
    }
    defer { close(descriptor) }
    return [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, count in
        count = 0
        while count < buffer.count {
            let read = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if read <= 0 { break }
            count += read
        }
    }
}
let bytes = readFile(arguments[2])
let megabytes = Double(bytes.count) / 1e6

func measure(_ body: () throws -> Int) rethrows -> Double {
    var best = Double.infinity
    var total = 0.0
    var runs = 0
    var checksum = 0
    while total < 1.0 || runs < 3 {
        let start = DispatchTime.now().uptimeNanoseconds
        checksum &+= try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = min(best, seconds)
        total += seconds
        runs += 1
    }
    if checksum == 42 { print("") }
    return best
}

let seconds: Double
switch arguments[1] {
case "decode":
    seconds = try measure { try GeoJSONDocument(decoding: bytes).featureCollection.features.count }
case "json":
    seconds = try measure { if case .object(let o) = try JSONValue(parsing: bytes) { o.count } else { 0 } }
case "encode":
    let document = try GeoJSONDocument(decoding: bytes)
    let writer = GeoJSONWriter()
    seconds = measure { writer.encode(document).count }
case "csv":
    seconds = try measure { try CSVFeatureReader(bytes: bytes).readAll().count }
case "csv-rows":
    seconds = try measure {
        var reader = CSVRecordReader(delimiter: UInt8(ascii: ","), fileName: nil, prefix: bytes) { _ in 0 }
        var rows = 0
        while try reader.next() != nil { rows += 1 }
        return rows
    }
case "csv-swift":
    seconds = try measure {
        let reader = try CSVReader(string: String(decoding: bytes, as: UTF8.self), hasHeaderRow: true)
        var rows = 0
        while reader.next() != nil { rows += 1 }
        return rows
    }
case "zip":
    seconds = try measure {
        let archive = try ZipArchive(path: arguments[2], limits: ArchiveLimits(maximumTotalSize: .max))
        return try archive.entries.reduce(0) { $0 + (try archive.contents(of: $1).count) }
    }
case "zip-zipfoundation":
    seconds = try measure {
        let archive = try Archive(url: URL(fileURLWithPath: arguments[2]), accessMode: .read)
        var total = 0
        for entry in archive where entry.type == .file {
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            total += data.count
        }
        return total
    }
case "toml":
    let text = String(decoding: bytes, as: UTF8.self)
    seconds = try measure { try MeridianTOML.TOMLTable(parsing: text).keys.count }
case "toml-tomlkit":
    let text = String(decoding: bytes, as: UTF8.self)
    seconds = try measure { try TOMLKit.TOMLTable(string: text).keys.count }
default:
    FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
print(String(format: "%.1f", megabytes / seconds))
