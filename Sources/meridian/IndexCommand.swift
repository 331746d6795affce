import Meridian
import MeridianCommandLine

struct IndexCommand: Command {
    static let name = "index"
    static let abstract =
        "Build a place index that search, complete, geocode, reverse and lookup open in milliseconds."
    static let discussion = """
        meridian index INPUT... -o places.idx: reads the places of every input (any format Meridian \
        reads) into one index file, recording each input's size, time and content hash. The places \
        commands take the index as their input; when an input has changed since, they warn \
        (places.index.stale), or with --rebuild rebuild the index first. The file is written whole \
        or not at all. Exit status: 0 written, 2 usage, 3 an input that cannot be read or an output \
        that cannot be written.
        """

    let inputs: [String]
    let output: String

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments("inputs", help: "The inputs: data files of any format Meridian reads.")
        output = try arguments.requiredOption("output", short: "o", help: "The index file to write.")
    }

    func validate() throws {
        if inputs.isEmpty { throw UsageError("give at least one input to index") }
        if output == "-" { throw UsageError("give the index a file name: it is read in place, not streamed") }
    }

    func run() throws {
        let paths = try InputExpansion.expand(inputs)
        try OutputDestination.checkNotInput(output, inputs: paths)
        let (index, warnings) = try PlaceIndexFile.build(fromPaths: paths)
        Console.shared.warn(warnings)
        try PlaceIndexFile.write(index, to: output)
        let size = index.withSerializedBytes { $0.count }
        Console.out(
            "\(output): \(index.count) places from \(paths.count) \(paths.count == 1 ? "input" : "inputs"), "
                + "\(size) bytes")
    }
}
