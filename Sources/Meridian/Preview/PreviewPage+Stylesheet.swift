extension PreviewPage {
    /// The page's style sheet, after the theme's colours as custom
    /// properties (`--bg`, `--panel`, `--border`, `--text`, `--muted`,
    /// `--accent`, `--shadow`). The map fills the window under a toolbar;
    /// the level switcher floats on the right, as in Apple's indoor-map
    /// sample; the properties panel (and, until the first one, a hint)
    /// floats top left, as a place card does in Maps.
    static let stylesheet = """
        *{box-sizing:border-box}
        html,body{margin:0;height:100%}
        body{display:flex;flex-direction:column;overflow:hidden;background:var(--bg);color:var(--text);\
        font:14px/1.4 -apple-system,BlinkMacSystemFont,"SF Pro Text","Helvetica Neue",Helvetica,Arial,"DejaVu Sans",sans-serif}
        button{font:inherit;color:inherit;cursor:pointer}
        button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
        .mp-toolbar{display:flex;align-items:center;gap:18px;flex-wrap:wrap;min-height:54px;padding:8px 16px;\
        background:var(--panel);border-bottom:1px solid var(--border);box-shadow:0 1px 4px var(--shadow);position:relative;z-index:3}
        .mp-heading{display:flex;flex-direction:column;min-width:0;margin-right:auto}
        .mp-heading h1{margin:0;font-size:17px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        #mp-subtitle{font-size:12px;color:var(--muted);min-height:1em}
        .mp-search{position:relative;flex:0 1 300px;min-width:170px}
        #mp-search{width:100%;height:32px;padding:4px 10px;border:1px solid var(--border);border-radius:8px;\
        background:var(--bg);color:var(--text);font:inherit}
        #mp-search:focus{outline:2px solid var(--accent);outline-offset:0}
        #mp-results{position:absolute;left:0;right:0;top:calc(100% + 4px);margin:0;padding:4px;list-style:none;\
        background:var(--panel);border:1px solid var(--border);border-radius:10px;box-shadow:0 6px 18px var(--shadow);\
        max-height:60vh;overflow:auto;z-index:5}
        #mp-results li{display:flex;flex-direction:column;padding:6px 9px;border-radius:6px;cursor:pointer}
        #mp-results li[aria-selected="true"],#mp-results li:hover{background:color-mix(in srgb,var(--accent) 16%,transparent)}
        .mp-result-title mark{background:none;color:inherit;font-weight:700}
        .mp-result-subtitle{font-size:12px;color:var(--muted)}
        .mp-layers{display:flex;align-items:center;gap:6px;flex-wrap:wrap}
        .mp-group-label{font-size:11px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:var(--muted);margin-right:4px}
        .mp-toggle{display:inline-flex;align-items:center;gap:7px;padding:4px 11px 4px 9px;border:1px solid var(--border);\
        border-radius:999px;background:transparent;font-size:13px;max-width:16em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        .mp-toggle::before{content:"";flex:none;width:11px;height:11px;border-radius:3px;border:1.5px solid var(--accent)}
        .mp-toggle[aria-pressed="true"]::before{background:var(--accent)}
        .mp-toggle[aria-pressed="false"]{color:var(--muted)}
        .mp-toggle:hover{border-color:var(--accent)}
        .mp-zoom{display:flex;border:1px solid var(--border);border-radius:8px;overflow:hidden}
        .mp-zoom button{border:0;background:transparent;min-width:36px;height:32px;font-size:19px;line-height:1}
        .mp-zoom button+button{border-left:1px solid var(--border)}
        .mp-zoom button:hover{background:var(--bg)}
        #mp-zoom-reset{font-size:13px;padding:0 10px}
        #mp-map{position:relative;flex:1;min-height:0;overflow:hidden;cursor:grab;touch-action:none;outline:none}
        #mp-map.mp-dragging{cursor:grabbing}
        #mp-map:focus-visible{box-shadow:inset 0 0 0 2px var(--accent)}
        .mp-view{position:absolute;inset:0}
        .mp-view[hidden]{display:none}
        .mp-view>svg{display:block;width:100%;height:100%}
        .mp-view [id$="map-title-panel"]{display:none}
        .mp-view [data-id]{cursor:pointer}
        .mp-view g.halo,.mp-view #background,.mp-view [id$="background"]{pointer-events:none}
        .mp-view .mp-hl{stroke:var(--accent)!important;stroke-width:3px!important;stroke-opacity:1!important}
        .mp-view text.mp-hl{stroke:none!important;fill:var(--accent)!important}
        .mp-levels{position:absolute;right:16px;top:50%;transform:translateY(-50%);display:flex;flex-direction:column;\
        background:var(--panel);border:1px solid var(--border);border-radius:12px;box-shadow:0 3px 12px var(--shadow);overflow:hidden;z-index:2}
        .mp-levels button{min-width:46px;height:46px;padding:0 10px;border:0;background:transparent;font-size:16px;font-weight:600}
        .mp-levels button+button{border-top:1px solid var(--border)}
        .mp-levels button:hover{background:var(--bg)}
        .mp-levels button[aria-pressed="true"]{background:var(--accent);color:#fff}
        .mp-levels button:focus-visible{outline-offset:-3px}
        .mp-panel{position:absolute;left:16px;top:16px;z-index:2;width:340px;max-width:calc(100% - 110px);max-height:calc(100% - 32px);\
        overflow:auto;padding:14px 16px;background:var(--panel);border:1px solid var(--border);border-radius:14px;\
        box-shadow:0 6px 24px var(--shadow);cursor:auto;pointer-events:none}
        .mp-panel.mp-right{left:auto;right:86px}
        .mp-panel.mp-pinned{pointer-events:auto}
        .mp-panel[hidden]{display:none}
        .mp-panel h2{margin:0 28px 2px 0;font-size:17px;font-weight:600;overflow-wrap:anywhere}
        #mp-panel-kind{margin:0 0 10px;font-size:12px;color:var(--muted)}
        #mp-panel-close{display:none;position:absolute;top:9px;right:9px;width:28px;height:28px;border:0;border-radius:14px;\
        background:var(--bg);color:var(--muted);font-size:17px;line-height:1}
        .mp-panel.mp-pinned #mp-panel-close{display:block}
        .mp-panel table{width:100%;border-collapse:collapse;font-size:12px}
        .mp-panel th{padding:4px 10px 4px 0;text-align:left;vertical-align:top;font-weight:500;color:var(--muted);white-space:nowrap}
        .mp-panel td{padding:4px 0;overflow-wrap:anywhere;font:11.5px/1.4 ui-monospace,Menlo,"DejaVu Sans Mono",monospace}
        .mp-panel tr+tr>*{border-top:1px solid var(--border)}
        .mp-maps{display:inline-block;margin-top:12px;color:var(--accent);font-weight:600;text-decoration:none}
        .mp-maps:hover{text-decoration:underline}
        .mp-maps[hidden]{display:none}
        .mp-hint{position:absolute;left:16px;top:16px;z-index:1;margin:0;padding:5px 12px;font-size:12px;color:var(--muted);\
        background:var(--panel);border:1px solid var(--border);border-radius:999px;pointer-events:none}
        .mp-hint[hidden]{display:none}
        """
}
