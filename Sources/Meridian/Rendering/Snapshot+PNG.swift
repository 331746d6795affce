import CRasterizer
import MeridianCore
import MeridianPlatform
import MeridianSnapshot

/// The formats a snapshot is written in.
public enum ImageFormat: String, Sendable, CaseIterable {
    case svg, png

    /// The format a path's extension names (`.png`, any case), else SVG.
    public init(path: String) {
        self = path.lowercased().hasSuffix(".png") ? .png : .svg
    }
}

extension Snapshot {
    /// The largest PNG side, in pixels: 16 384 (an image of 1 GiB of pixels).
    public static let largestPNGSide = 16_384

    /// The snapshot as a PNG image of `size` x `scale` pixels: its SVG
    /// drawn straight onto a cairo image surface by Meridian's own painter
    /// (text laid out by Pango), the same pixels as librsvg gives for the
    /// SVG; a document with what that painter does not draw goes to librsvg.
    ///
    /// ```swift
    /// options.scale = 2                                   // @2x: 2048x1536 pixels for 1024x768 points
    /// let png = try Snapshotter(options: options).snapshot().pngData()
    /// ```
    ///
    /// Throws `snapshot.png.size` when a side passes ``largestPNGSide``
    /// pixels, and `snapshot.png.failed` when cairo or librsvg cannot draw
    /// or encode the image (out of memory, for instance).
    public func pngData() throws(DiagnosticError) -> [UInt8] {
        let width = (size.width * scale).rounded()
        let height = (size.height * scale).rounded()
        let limit = Double(Self.largestPNGSide)
        guard width >= 1, height >= 1, width <= limit, height <= limit else {
            throw DiagnosticError(
                code: "snapshot.png.size",
                message:
                    "a PNG of \(Int(width))x\(Int(height)) pixels is past the largest, \(Self.largestPNGSide) "
                    + "pixels a side (the size in points times the scale)")
        }
        let svg = bytes
        do throws(SVGPainter.Failure) {
            return try SVGPainter.png(svg, width: Int(width), height: Int(height))
        } catch {
            guard case .failed(let failure) = error else {
                return try Self.librsvgPNG(svg, width: Int(width), height: Int(height))
            }
            throw failure
        }
    }

    /// Opens cairo on a worker thread, some 1.4 ms that a PNG drawn later
    /// then does not wait for: for a command that knows, before it reads
    /// its input, that it draws one.
    package static func preparePNG() {
        _ = Platform.runOnWorkerThread { SVGPainter.prepare() }
    }

    /// The document drawn by librsvg: everything SVG has, at its cost.
    package static func librsvgPNG(_ svg: [UInt8], width: Int, height: Int) throws(DiagnosticError) -> [UInt8] {
        var length = 0
        var error = [CChar](repeating: 0, count: 512)
        let png = svg.withUnsafeBufferPointer { document in
            document.withMemoryRebound(to: CChar.self) { text in
                mr_svg_to_png(text.baseAddress!, text.count, Int32(width), Int32(height), &length, &error, error.count)
            }
        }
        guard let png else {
            let message = String(nulTerminated: error)
            throw DiagnosticError(code: "snapshot.png.failed", message: message)
        }
        defer { mr_free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }
}
