import Foundation
import MeridianTestSupport
import Testing

/// `meridian preview` in a real browser: headless Chromium (Debian's
/// `chromium`) opens the page from a file, a real mouse switches level,
/// points at a feature and clicks it, and the DOM is checked after each
/// step; a screenshot is written for a person to look at. Skipped, with
/// the reason, where Chromium is not installed (.ci/run does not install it).
@Suite(.serialized)
struct PreviewBrowserTests {
    static let chromiumMissing =
        "chromium is not installed (apt-get install chromium); skipping the browser test of meridian preview"

    /// Where the screenshots go: $MERIDIAN_SCREENSHOTS, else the temporary folder.
    static let screenshotFolder = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment["MERIDIAN_SCREENSHOTS"]
            ?? FileManager.default.temporaryDirectory.path)

    /// A page of the sample venue, opened in a fresh browser.
    private func withArcadePage(
        _ arguments: [String] = [], width: Int = 1280, height: Int = 800,
        _ body: (HeadlessChromium, String) throws -> Void
    ) throws {
        try withTemporaryFolder { folder in
            let page = folder.appendingPathComponent("arcade.html")
            let result = try CLI.run(["preview", Samples.path("meridian-arcade.zip"), "-o", page.path] + arguments)
            try #require(result.status == 0, "meridian preview failed: \(result.stderr)")
            let browser = try HeadlessChromium.launch(width: width, height: height)
            defer { browser.close() }
            let session = try browser.open(page.absoluteString)
            try body(browser, session)
        }
    }

    /// The centre of the first element matching `selector`, in CSS pixels.
    private func centre(of selector: String, in browser: HeadlessChromium, _ session: String) throws -> (
        x: Double, y: Double
    ) {
        let script = """
            (() => { const e = document.querySelector(\(Self.quoted(selector))); if (!e) return null;
                     const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()
            """
        let point = try #require(try browser.evaluate(script, in: session) as? [Double], "nothing matches \(selector)")
        return (point[0], point[1])
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
            .description
    }

    @Test(.enabled(if: HeadlessChromium.executable != nil, Comment(rawValue: chromiumMissing)))
    func switchingLevelShowsThatFloor() throws {
        try withArcadePage { browser, session in
            func string(_ script: String) throws -> String? { try browser.evaluate(script, in: session) as? String }
            func bool(_ script: String) throws -> Bool? { try browser.evaluate(script, in: session) as? Bool }

            // Apple's picker: highest first, short names, ground floor selected.
            let buttons = try browser.evaluate(
                "[...document.querySelectorAll('.mp-levels button')].map(b => b.textContent)", in: session)
            #expect(buttons as? [String] == ["1", "G"])
            #expect(try string("document.querySelector('.mp-levels [aria-pressed=\"true\"]').dataset.ordinal") == "0")
            #expect(try string("document.querySelector('.mp-view:not([hidden])').dataset.ordinal") == "0")
            #expect(try string("document.getElementById('mp-subtitle').textContent") == "Ground Floor")

            // A real click on the "1" button.
            let one = try centre(of: ".mp-levels [data-ordinal=\"1\"]", in: browser, session)
            try browser.click(x: one.x, y: one.y, in: session)
            #expect(try string("document.querySelector('.mp-levels [aria-pressed=\"true\"]').dataset.ordinal") == "1")
            #expect(
                try string(
                    "[...document.querySelectorAll('.mp-view')].filter(v => getComputedStyle(v).display !== 'none').map(v => v.dataset.ordinal).join()"
                ) == "1")
            #expect(
                try string("document.querySelector('.mp-view:not([hidden]) svg title').textContent") == "First Floor")
            #expect(try string("document.getElementById('mp-subtitle').textContent") == "First Floor")
            // The first floor's own features are drawn, the ground floor's are not displayed.
            #expect(
                try bool("document.querySelector('.mp-view[data-ordinal=\"0\"]').getBoundingClientRect().width === 0")
                    == true)

            // Pointing at a unit shows its properties; the panel names what is under the pointer.
            let unit = try centre(
                of: ".mp-view:not([hidden]) path[data-feature-type=\"unit\"][data-category=\"room\"]", in: browser,
                session)
            try browser.moveMouse(x: unit.x + 20, y: unit.y + 20, in: session)
            #expect(try bool("!document.getElementById('mp-panel').hidden") == true)
            let expected = try string(
                """
                (() => { const e = document.elementFromPoint(\(unit.x + 20), \(unit.y + 20)).closest('[data-id]');
                         const layer = e.closest('[data-layer]').dataset.layer;
                         return JSON.parse(document.getElementById('meridian-data').textContent).features[layer][e.dataset.id].name; })()
                """)
            #expect(expected != nil)
            #expect(try string("document.getElementById('mp-panel-name').textContent") == expected)
            #expect(try bool("document.querySelectorAll('.mp-view:not([hidden]) .mp-hl').length > 0") == true)

            // A click keeps the panel, with a Maps link to the place.
            try browser.click(x: unit.x + 20, y: unit.y + 20, in: session)
            #expect(try bool("document.getElementById('mp-panel').classList.contains('mp-pinned')") == true)
            let link = try string("document.getElementById('mp-panel-maps').href") ?? ""
            #expect(link.hasPrefix("https://maps.apple.com/place?coordinate=52.2"))
            try browser.moveMouse(x: 5, y: 790, in: session)
            #expect(
                try bool("!document.getElementById('mp-panel').hidden") == true,
                "a kept panel stays when the pointer leaves")

            let screenshot = try browser.screenshot(in: session)
            let path = Self.screenshotFolder.appendingPathComponent("meridian-preview-level1.png")
            try screenshot.write(to: path)
            print("PreviewBrowserTests: screenshot of the first floor at \(path.path)")
            #expect(screenshot.starts(with: [0x89, 0x50, 0x4E, 0x47]))

            // Zoom in with the + button: the view box shrinks, and is kept across levels.
            let before =
                try string("document.querySelector('.mp-view:not([hidden]) svg').getAttribute('viewBox')") ?? ""
            let plus = try centre(of: "#mp-zoom-in", in: browser, session)
            try browser.click(x: plus.x, y: plus.y, in: session)
            let after = try string("document.querySelector('.mp-view:not([hidden]) svg').getAttribute('viewBox')") ?? ""
            let widths = [before, after].map { Double($0.split(separator: " ").dropFirst(2).first ?? "") ?? 0 }
            #expect(widths[1] > 0 && widths[1] < widths[0] * 0.8, "\(before) -> \(after)")

            // Back to the ground floor with the keyboard: focus "1", press the down arrow.
            _ = try browser.evaluate("document.querySelector('.mp-levels [data-ordinal=\"1\"]').focus()", in: session)
            try browser.send(
                "Input.dispatchKeyEvent",
                ["type": "rawKeyDown", "key": "ArrowDown", "code": "ArrowDown", "windowsVirtualKeyCode": 40],
                session: session)
            try browser.send(
                "Input.dispatchKeyEvent",
                ["type": "keyUp", "key": "ArrowDown", "code": "ArrowDown", "windowsVirtualKeyCode": 40],
                session: session)
            #expect(try string("document.querySelector('.mp-view:not([hidden])').dataset.ordinal") == "0")
            #expect(try string("document.querySelector('.mp-view:not([hidden]) svg').getAttribute('viewBox')") == after)

            // The page asked for nothing but itself.
            let foreign = browser.requestedURLs.filter { !$0.hasPrefix("file:") && !$0.hasPrefix("data:") }
            #expect(foreign.isEmpty, "requests: \(foreign)")
        }
    }

    @Test(.enabled(if: HeadlessChromium.executable != nil, Comment(rawValue: chromiumMissing)))
    func layerTogglesHideTheirGroupsOnEveryLevel() throws {
        try withArcadePage(["--theme", "dark"]) { browser, session in
            func string(_ script: String) throws -> String? { try browser.evaluate(script, in: session) as? String }
            let toggle = try centre(of: ".mp-toggle[data-layer=\"meridian-arcade\"]", in: browser, session)
            try browser.click(x: toggle.x, y: toggle.y, in: session)
            #expect(
                try string(
                    "document.querySelector('.mp-toggle[data-layer=\"meridian-arcade\"]').getAttribute('aria-pressed')")
                    == "false")
            #expect(
                try string(
                    "[...document.querySelectorAll('g[data-layer=\"meridian-arcade\"]')].map(g => getComputedStyle(g).display).join()"
                ) == "none,none")
            let labels = try centre(of: ".mp-toggle[data-labels]", in: browser, session)
            try browser.click(x: labels.x, y: labels.y, in: session)
            #expect(
                try string(
                    "getComputedStyle(document.querySelector('.mp-view:not([hidden]) svg > g[id$=\"labels\"]')).display"
                ) == "none")
            try browser.click(x: toggle.x, y: toggle.y, in: session)
            try browser.click(x: labels.x, y: labels.y, in: session)
            #expect(
                try string(
                    "[...document.querySelectorAll('g[data-layer=\"meridian-arcade\"]')].map(g => g.style.display).join()"
                ) == ",")

            // The dark theme reaches the page, and the wheel zooms about the pointer.
            #expect(try string("getComputedStyle(document.body).backgroundColor") == "rgb(29, 32, 36)")
            try browser.send(
                "Input.dispatchMouseEvent", ["type": "mouseWheel", "x": 640, "y": 400, "deltaX": 0, "deltaY": -300],
                session: session)
            let zoom = Double(try string("document.getElementById('mp-map').dataset.zoom") ?? "") ?? 0
            #expect(zoom > 1.2)
            try browser.screenshot(in: session).write(
                to: Self.screenshotFolder.appendingPathComponent("meridian-preview-dark.png"))
        }
    }

    @Test(.enabled(if: HeadlessChromium.executable != nil, Comment(rawValue: chromiumMissing)))
    func theSearchBoxCompletesAsYouTypeAndChoosingAPlaceShowsIt() throws {
        try withArcadePage { browser, session in
            func string(_ script: String) throws -> String? { try browser.evaluate(script, in: session) as? String }
            func strings(_ script: String) throws -> [String] {
                try browser.evaluate(script, in: session) as? [String] ?? []
            }
            let box = try centre(of: "#mp-search", in: browser, session)
            try browser.click(x: box.x, y: box.y, in: session)
            try browser.type("rest fir", in: session)
            let subtitles = try strings(
                "[...document.querySelectorAll('#mp-results .mp-result-subtitle')].map(e => e.textContent)")
            #expect(!subtitles.isEmpty && subtitles.allSatisfy { $0.contains("First Floor") }, "\(subtitles)")
            #expect(
                try strings("[...document.querySelectorAll('#mp-results li:first-child mark')].map(m => m.textContent)")
                    == ["rest"])
            #expect(try string("document.getElementById('mp-search').getAttribute('aria-expanded')") == "true")
            try browser.screenshot(in: session).write(
                to: Self.screenshotFolder.appendingPathComponent("meridian-preview-completions.png"))

            // The arrows move the selection; Enter chooses it.
            #expect(try string("document.querySelector('#mp-results [aria-selected=true]').id") == "mp-result-0")
            try browser.press("ArrowDown", in: session)
            #expect(try string("document.querySelector('#mp-results [aria-selected=true]').id") == "mp-result-1")
            try browser.press("ArrowUp", in: session)
            let chosen = try string(
                "document.querySelector('#mp-results [aria-selected=true] .mp-result-title').textContent")
            try browser.press("Enter", in: session)
            #expect(try string("document.querySelector('.mp-view:not([hidden])').dataset.ordinal") == "1")
            #expect(try string("document.getElementById('mp-subtitle').textContent") == "First Floor")
            #expect(try string("document.getElementById('mp-search').value") == chosen)
            #expect(try string("String(document.getElementById('mp-results').hidden)") == "true")
            #expect(try string("document.getElementById('mp-panel-name').textContent") == chosen)
            // Centred on it, zoomed in.
            let view = try string("document.querySelector('.mp-view:not([hidden]) svg').getAttribute('viewBox')") ?? ""
            let numbers = view.split(separator: " ").compactMap { Double($0) }
            #expect(numbers.count == 4 && numbers[2] < 960 / 2, "\(view)")

            // Case, width and accents fold; a typo is forgiven; nothing matches nothing.
            #expect(try strings("window.meridianPreview.complete('ｃｏｆｆｅｅ')").contains("Bean There"))
            #expect(try strings("window.meridianPreview.complete('BEAN thére')").first == "Bean There")
            #expect(try strings("window.meridianPreview.complete('resturant')").count > 0)
            #expect(try strings("window.meridianPreview.complete('zzzz')").isEmpty)

            // Esc closes the list, then clears the box.
            _ = try browser.evaluate("document.getElementById('mp-search').focus()", in: session)
            try browser.type(" ", in: session)
            try browser.press("Escape", in: session)
            #expect(try string("String(document.getElementById('mp-results').hidden)") == "true")
            try browser.press("Escape", in: session)
            #expect(try string("document.getElementById('mp-search').value") == "")
            try browser.screenshot(in: session).write(
                to: Self.screenshotFolder.appendingPathComponent("meridian-preview-search.png"))
        }
    }
}
