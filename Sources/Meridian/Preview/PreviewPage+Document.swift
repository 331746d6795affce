import MeridianCore
import MeridianSnapshot

extension PreviewPage {
    /// The page around the drawn views. Its shape, which the script, the
    /// tests and a user's own CSS rely on:
    /// ```
    /// <header class="mp-toolbar"> h1#mp-title, #mp-subtitle (the level's name),
    ///   .mp-search: input#mp-search[role=combobox], ul#mp-results[role=listbox] > li[role=option]
    ///     (when the data has places)
    ///   .mp-layers: button.mp-toggle[data-layer][aria-pressed] ..., button.mp-toggle[data-labels]
    ///   .mp-zoom: #mp-zoom-out, #mp-zoom-reset, #mp-zoom-in
    /// <main id="mp-map">
    ///   section.mp-view[data-ordinal][data-name] > svg   (one per level; the others [hidden])
    ///   nav.mp-levels > button[data-ordinal][aria-pressed]   (highest first)
    ///   aside#mp-panel   (the properties of the feature under the pointer, or clicked)
    /// <script type="application/json" id="meridian-data"> {"defaultOrdinal", "mapsBase", "features", "places"}
    /// <script> the behaviour
    /// ```
    func document(views: [View], features: JSONValue, places: JSONValue) -> String {
        let theme = options.theme
        let title = HTMLEscaping.text(resolvedTitle)
        let shownIndex = views.firstIndex { $0.level?.ordinal == defaultOrdinal } ?? 0
        let shown = views[shownIndex]
        let dark = theme.name == "dark"
        var html = """
            <!DOCTYPE html>
            <html lang="\(HTMLEscaping.text(languages.first ?? "en"))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="Meridian">
            <title>\(title)</title>
            <style>
            :root{color-scheme:\(dark ? "dark" : "light");\
            --bg:\(HTMLEscaping.cssColor(theme.background, fallback: "#f4f2ee"));\
            --panel:\(HTMLEscaping.cssColor(theme.panel, fallback: "#ffffff"));\
            --border:\(HTMLEscaping.cssColor(theme.panelBorder, fallback: "#c9c5bd"));\
            --text:\(HTMLEscaping.cssColor(theme.text, fallback: "#26282b"));\
            --muted:\(HTMLEscaping.cssColor(theme.secondaryText, fallback: "#5f6368"));\
            --accent:\(dark ? "#0a84ff" : "#007aff");--shadow:rgba(0,0,0,\(dark ? ".45" : ".16"))}
            \(Self.stylesheet)
            </style>
            </head>
            <body>
            <header class="mp-toolbar">
            <div class="mp-heading"><h1 id="mp-title">\(title)</h1><span id="mp-subtitle">\(HTMLEscaping.text(shown.level?.name ?? ""))</span></div>

            """
        if places.arrayValue?.isEmpty == false {
            html += """
                <div class="mp-search" role="search"><input id="mp-search" type="search" placeholder="Search places" \
                autocomplete="off" spellcheck="false" role="combobox" aria-autocomplete="list" aria-expanded="false" \
                aria-controls="mp-results" aria-label="Search places" title="Search places (/)">\
                <ul id="mp-results" role="listbox" aria-label="Places" hidden></ul></div>

                """
        }
        html +=
            "<div class=\"mp-layers\" role=\"group\" aria-label=\"Layers\"><span class=\"mp-group-label\">Layers</span>"
        for name in uniqueNames() {
            let escaped = HTMLEscaping.text(name)
            html +=
                "<button type=\"button\" class=\"mp-toggle\" data-layer=\"\(escaped)\" aria-pressed=\"true\" title=\"Show or hide \(escaped)\">\(escaped)</button>"
        }
        html +=
            "<button type=\"button\" class=\"mp-toggle\" data-labels=\"\" aria-pressed=\"true\" title=\"Show or hide labels\">Labels</button></div>\n"
        html += """
            <div class="mp-zoom" role="group" aria-label="Zoom">\
            <button type="button" id="mp-zoom-out" aria-label="Zoom out" title="Zoom out (−)">−</button>\
            <button type="button" id="mp-zoom-reset" aria-label="Fit the map" title="Fit the map (0)">Fit</button>\
            <button type="button" id="mp-zoom-in" aria-label="Zoom in" title="Zoom in (+)">+</button></div>
            </header>
            <main id="mp-map" tabindex="0" aria-label="Map: drag or use the arrow keys to pan, scroll or press + and − to zoom">

            """
        for (index, view) in views.enumerated() {
            html += "<section class=\"mp-view\""
            if let level = view.level {
                html += " data-ordinal=\"\(level.ordinal)\" data-name=\"\(HTMLEscaping.text(level.name))\""
            }
            html += index == shownIndex ? ">\n" : " hidden>\n"
            html += view.svg
            html += "</section>\n"
        }
        let levels = self.levels
        if !levels.isEmpty {
            html += "<nav class=\"mp-levels\" aria-label=\"Levels\">"
            for level in levels {
                let pressed = level.ordinal == shown.level?.ordinal
                html += "<button type=\"button\" data-ordinal=\"\(level.ordinal)\" aria-pressed=\"\(pressed)\""
                html += " aria-label=\"\(HTMLEscaping.text(level.name))\" title=\"\(HTMLEscaping.text(level.name))\">"
                html += HTMLEscaping.text(level.shortName) + "</button>"
            }
            html += "</nav>\n"
        }
        html += """
            <aside id="mp-panel" class="mp-panel" hidden aria-live="polite">\
            <button type="button" id="mp-panel-close" aria-label="Close the properties" title="Close (Esc)">×</button>\
            <h2 id="mp-panel-name"></h2><p id="mp-panel-kind"></p>\
            <table id="mp-panel-properties"><tbody></tbody></table>\
            <a id="mp-panel-maps" class="mp-maps" target="_blank" rel="noopener noreferrer">Open in Apple Maps</a></aside>
            <p class="mp-hint" id="mp-hint">Point at a feature for its properties; click to keep them.</p>
            </main>

            """
        var data = JSONObject()
        data["defaultOrdinal"] = defaultOrdinal.map { .integer(Int64($0)) } ?? .null
        // Links are only ever set when they start here (the script holds no URL of its own).
        data["mapsBase"] = .string(MapsURL.base)
        data["features"] = features
        data["places"] = places
        html += "<script type=\"application/json\" id=\"meridian-data\">"
        html += HTMLEscaping.scriptJSON(.object(data))
        html += "</script>\n<script>\n"
        html += Self.script
        html += "\n</script>\n</body>\n</html>\n"
        return html
    }
}
