import MeridianCore
import MeridianSnapshot

extension Snapshot {
    /// Writes the map to a file, atomically: the file appears only once it
    /// is complete, so a failure never leaves a partial image. The format
    /// is `format`, or else the one the path's extension names: a PNG for
    /// `.png` (``pngData()``), the SVG document otherwise.
    ///
    /// ```swift
    /// let snapshot = try Snapshotter(options: options).snapshot()
    /// try snapshot.write(toFile: "map.svg")
    /// try snapshot.write(toFile: "map.png")
    /// ```
    ///
    /// The writing is the umbrella's ``OutputDestination`` (a temporary
    /// file beside `path`, renamed into place; devices and FIFOs written in
    /// place), so it fails as every command's output does, with
    /// `io.output.*` codes: `io.output.folder` when the folder does not
    /// exist, `io.output.open` or `io.output.write` when the file cannot be
    /// written. As for every command's output, `-` is standard output.
    public func write(toFile path: String, format: ImageFormat? = nil) throws(DiagnosticError) {
        let output = try OutputDestination(path: path)
        try write(to: output, as: format ?? ImageFormat(path: path))
        try output.commit()
    }

    /// Writes the map to `output` as `format`: a PNG, or the SVG document
    /// part by part (a large map's layers are never joined into one buffer).
    package func write(to output: OutputDestination, as format: ImageFormat) throws(DiagnosticError) {
        if format == .png {
            try output.write(try pngData())
        } else {
            for part in parts { try output.write(part) }
        }
    }
}
