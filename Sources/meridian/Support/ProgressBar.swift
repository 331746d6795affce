import MeridianCore
import MeridianLibC
import MeridianPlatform

/// A one-line progress bar on standard error, drawn only when standard
/// error is a terminal (and not with --quiet or --format json), and only
/// once the work has lasted half a second, so quick runs print nothing.
///
/// ```swift
/// let bar = ProgressBar(label: "convert", total: size, unit: .bytes)
/// bar.update(done: bytesRead)
/// bar.finish()
/// ```
///
/// Thread-safe: workers may report progress at once. Redraws at most ten
/// times a second; ``finish()`` erases the line.
final class ProgressBar: @unchecked Sendable {
    enum Unit { case bytes, files }

    private let label: String
    private let total: Int
    private let unit: Unit
    private let enabled: Bool
    private let start = monotonicSeconds()
    private var lastDraw = 0.0
    private var drawn = false
    private var done = 0
    private let lock = Condition()

    init(label: String, total: Int, unit: Unit, console: Console = .shared) {
        self.label = label
        self.total = max(total, 1)
        self.unit = unit
        enabled = console.errorIsTerminal && !console.quiet && console.format != .json
    }

    /// Sets the amount done.
    func update(done: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        self.done = done
        drawIfDue()
    }

    /// Adds one (a file finished).
    func advance() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        drawIfDue()
    }

    /// Erases the bar.
    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { _ = "\r\u{1B}[K".utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) } }
        drawn = false
    }

    private func drawIfDue() {
        let now = monotonicSeconds()
        guard now - start >= 0.5, now - lastDraw >= 0.1 else { return }
        lastDraw = now
        drawn = true
        let fraction = min(1, Double(done) / Double(total))
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let amount: String
        switch unit {
        case .bytes:
            amount =
                formatFixed(Double(done) / 1e6, decimals: 1) + "/" + formatFixed(Double(total) / 1e6, decimals: 1)
                + " MB"
        case .files: amount = "\(done)/\(total) files"
        }
        let percent = String(Int(fraction * 100))
        let text = "\r\u{1B}[K\(label) \(bar) \(String(repeating: " ", count: 3 - percent.count))\(percent)% \(amount)"
        // No newline: the next draw returns to the start of the line.
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }
}

extension ProgressBar {
    /// A byte-counting bar for an input path, when it is a regular file
    /// whose size is known; nil for standard input, pipes and folders.
    static func forInput(_ path: String, label: String) -> ProgressBar? {
        var status = stat()
        guard path != "-", stat(path, &status) == 0, Platform.kind(of: status.st_mode) == .regular else { return nil }
        return ProgressBar(label: label, total: Int(status.st_size), unit: .bytes)
    }
}
