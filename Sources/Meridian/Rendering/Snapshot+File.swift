import MeridianCore
import MeridianSnapshot

extension Snapshot {
    /// Writes the SVG document to a file, atomically: the file appears
    /// only once it is complete, so a failure never leaves a partial SVG.
    ///
    /// ```swift
    /// let snapshot = try Snapshotter(options: options).snapshot()
    /// try snapshot.write(toFile: "map.svg")
    /// ```
    ///
    /// The writing is the umbrella's ``OutputDestination`` (a temporary
    /// file beside `path`, renamed into place; devices and FIFOs written in
    /// place), so it fails as every command's output does, with
    /// `io.output.*` codes: `io.output.folder` when the folder does not
    /// exist, `io.output.open` or `io.output.write` when the file cannot be
    /// written. As for every command's output, `-` is standard output.
    public func write(toFile path: String) throws(DiagnosticError) {
        let output = try OutputDestination(path: path)
        try output.write(bytes)
        try output.commit()
    }
}
