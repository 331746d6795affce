import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A headless Chromium driven over the Chrome DevTools Protocol, for
/// end-to-end tests of pages in a real browser.
///
/// ```swift
/// let browser = try HeadlessChromium.launch()
/// defer { browser.close() }
/// let page = try browser.open("file:///tmp/page.html")
/// let title = try browser.evaluate("document.title", in: page)
/// ```
///
/// The protocol runs over `--remote-debugging-pipe`: JSON messages, each
/// ended by a NUL byte, written to the browser's file descriptor 3 and read
/// from its descriptor 4. No port is opened, not even on loopback, and no
/// WebSocket library is needed. Every wait has a deadline; ``close()``
/// (also run on deinitialisation) asks the browser to quit, then kills its
/// process group (the browser and the helpers it started) by id and
/// removes the temporary profile.
public final class HeadlessChromium {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `$MERIDIAN_CHROMIUM` when set (empty: none, to try the skip), else
    /// `chromium` (Debian's package) or Chrome on the PATH, if any.
    public static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["MERIDIAN_CHROMIUM"] {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in path.split(separator: ":") {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    public let pid: pid_t
    /// The page's viewport in CSS pixels.
    public let width: Int
    public let height: Int
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var closed = false
    /// Events received while waiting for replies, oldest first.
    public private(set) var events: [[String: Any]] = []

    private init(pid: pid_t, toBrowser: Int32, fromBrowser: Int32, profile: URL, width: Int, height: Int) {
        self.width = width
        self.height = height
        self.pid = pid
        self.toBrowser = toBrowser
        self.fromBrowser = fromBrowser
        self.profile = profile
    }

    deinit { close() }

    /// Starts the browser with a window of `width` x `height` CSS pixels.
    public static func launch(width: Int = 1280, height: Int = 800) throws -> HeadlessChromium {
        guard let executable else { throw Failure(description: "chromium is not installed") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let arguments = [
            executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "--hide-scrollbars",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
            // No name resolves but the loopback address (a server under test):
            // the page must not need the network.
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--force-device-scale-factor=1",
            "about:blank",
        ]
        // Our ends close on exec; the browser's ends become its 3 and 4.
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw Failure(description: "pipe failed: \(errno)") }
        // Moved above 10 so dup2 onto 3 and 4 never meets a descriptor already there.
        func high(_ fd: Int32) -> Int32 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            Glibc.close(fd)
            return moved
        }
        input = input.map(high)
        output = output.map(high)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 3)
        posix_spawn_file_actions_adddup2(&actions, output[1], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own, so close() ends the renderer and GPU helpers too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        Glibc.close(input[0])
        Glibc.close(output[1])
        guard status == 0 else {
            Glibc.close(input[1])
            Glibc.close(output[0])
            try? FileManager.default.removeItem(at: profile)
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return HeadlessChromium(
            pid: pid, toBrowser: input[1], fromBrowser: output[0], profile: profile, width: width, height: height)
    }

    // MARK: Protocol

    /// Sends a command and waits for its result (or throws its error).
    @discardableResult
    public func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 10) throws
        -> [String: Any]
    {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(toBrowser, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot write to the browser: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline, waitingFor: method)
            if reply["id"] as? Int == id {
                if let error = reply["error"] as? [String: Any] {
                    throw Failure(description: "\(method): \(error["message"] ?? error)")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { events.append(reply) }
        }
    }

    /// Waits for an event (already received or still to come).
    @discardableResult
    public func waitForEvent(_ method: String, session: String? = nil, timeout: Double = 10) throws -> [String: Any] {
        func matches(_ event: [String: Any]) -> Bool {
            event["method"] as? String == method && (session == nil || event["sessionId"] as? String == session)
        }
        if let index = events.firstIndex(where: matches) { return events.remove(at: index) }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try nextMessage(until: deadline, waitingFor: method)
            if message["method"] != nil {
                if matches(message) { return message }
                events.append(message)
            }
        }
    }

    private func nextMessage(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
                return message
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "timed out waiting for \(what)") }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno != EINTR { throw Failure(description: "poll failed: \(errno)") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress!, $0.count) }
            if count == 0 { throw Failure(description: "the browser closed the pipe while waiting for \(what)") }
            if count > 0 { buffer += chunk[..<count] }
        }
    }

    // MARK: Pages

    /// Opens `url` in the browser's page and waits for its load event;
    /// returns the session to address that page.
    public func open(_ url: String, timeout: Double = 15) throws -> String {
        let targets = try send("Target.getTargets")["targetInfos"] as? [[String: Any]] ?? []
        let targetID: String
        if let page = targets.first(where: { $0["type"] as? String == "page" })?["targetId"] as? String {
            targetID = page
        } else {
            targetID = try send("Target.createTarget", ["url": "about:blank"])["targetId"] as? String ?? ""
        }
        guard
            let session = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])["sessionId"]
                as? String
        else { throw Failure(description: "no session for the page") }
        try send("Page.enable", session: session)
        try send("Runtime.enable", session: session)
        try send("Network.enable", session: session)
        // The window's size includes (invisible) browser chrome; the viewport is set exactly.
        try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false],
            session: session)
        try send("Page.navigate", ["url": url], session: session)
        try waitForEvent("Page.loadEventFired", session: session, timeout: timeout)
        return session
    }

    /// The value of a JavaScript expression (JSON-able), or throws the
    /// exception it raised.
    public func evaluate(_ expression: String, in session: String) throws -> Any? {
        let result = try send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
            session: session)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw Failure(description: "\(expression): \(text)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Moves the mouse to a point of the page (CSS pixels), as a user would.
    public func moveMouse(x: Double, y: Double, in session: String) throws {
        try send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y], session: session)
    }

    /// Clicks at a point of the page with the left button.
    public func click(x: Double, y: Double, in session: String) throws {
        try moveMouse(x: x, y: y, in: session)
        for type in ["mousePressed", "mouseReleased"] {
            try send(
                "Input.dispatchMouseEvent",
                [
                    "type": type, "x": x, "y": y, "button": "left", "buttons": type == "mousePressed" ? 1 : 0,
                    "clickCount": 1,
                ],
                session: session)
        }
    }

    /// Types text into the focused element, as an input method commits it.
    public func type(_ text: String, in session: String) throws {
        try send("Input.insertText", ["text": text], session: session)
    }

    /// Presses and releases a key ("ArrowDown", "Enter", "Escape").
    public func press(_ key: String, in session: String) throws {
        let codes = ["ArrowDown": 40, "ArrowUp": 38, "Enter": 13, "Escape": 27]
        for type in ["rawKeyDown", "keyUp"] {
            try send(
                "Input.dispatchKeyEvent",
                ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": codes[key] ?? 0], session: session)
        }
    }

    /// A PNG of the page as shown.
    public func screenshot(in session: String) throws -> Data {
        let result = try send("Page.captureScreenshot", ["format": "png"], session: session, timeout: 20)
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot data")
        }
        return data
    }

    /// The URLs the browser requested so far (from Network events).
    public var requestedURLs: [String] {
        events.filter { $0["method"] as? String == "Network.requestWillBeSent" }.compactMap {
            (($0["params"] as? [String: Any])?["request"] as? [String: Any])?["url"] as? String
        }
    }

    /// Quits the browser: Browser.close, up to 3 s for it to exit, then
    /// SIGKILL to its process group; removes the profile. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close", timeout: 2)
        // Wait (without reaping, so the process group id stays ours) for the browser to exit.
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
            {
                break
            }
            usleep(50_000)
        }
        // Then end the helpers, which share the browser's process group, and reap the browser.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        try? FileManager.default.removeItem(at: profile)
    }
}
