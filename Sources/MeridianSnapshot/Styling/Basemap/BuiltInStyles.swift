import MeridianCore

/// The built-in basemap styles' JSON text (`meridian render --style light`;
/// `BasemapStyle.builtInText(_:)` gives it, to start a style of one's own):
/// one style for the layers of the basemap `Scripts/make-basemap.py` makes
/// from Natural Earth, in a light and a dark palette.
enum BuiltInStyles {
    static let light = text(
        name: "light", sea: "#d4e3ed", land: "#f6f4ef", water: "#a8c6db", state: "#cfc8bc", border: "#9c9488",
        dot: "#6b655c", text: "#4a4640", halo: "#ffffff")

    static let dark = text(
        name: "dark", sea: "#16212b", land: "#272b30", water: "#2e4a60", state: "#4b5057", border: "#747a83",
        dot: "#9aa0a6", text: "#d5d8dc", halo: "#1d2024")

    private static func text(
        name: String, sea: String, land: String, water: String, state: String, border: String, dot: String,
        text: String, halo: String
    ) -> String {
        var style = template
        for (key, value) in [
            ("$name", name), ("$sea", sea), ("$land", land), ("$water", water), ("$state", state),
            ("$border", border), ("$dot", dot), ("$text", text), ("$halo", halo),
        ] {
            style = style.replacingAll(key, with: value)
        }
        return style
    }

    private static let template = #"""
{
  "version": 8,
  "name": "Meridian $name",
  "sources": {
    "basemap": {
      "type": "vector"
    }
  },
  "layers": [
    {
      "id": "sea",
      "type": "background",
      "paint": {
        "background-color": "$sea"
      }
    },
    {
      "id": "land",
      "type": "fill",
      "source": "basemap",
      "source-layer": "land",
      "paint": {
        "fill-color": "$land"
      }
    },
    {
      "id": "rivers",
      "type": "line",
      "source": "basemap",
      "source-layer": "rivers",
      "minzoom": 3,
      "paint": {
        "line-color": "$water",
        "line-width": [
          "interpolate",
          [
            "linear"
          ],
          [
            "zoom"
          ],
          3,
          0.4,
          8,
          1.4
        ]
      }
    },
    {
      "id": "states",
      "type": "line",
      "source": "basemap",
      "source-layer": "states",
      "minzoom": 2,
      "paint": {
        "line-color": "$state",
        "line-width": 0.6,
        "line-dasharray": [
          3,
          2
        ]
      }
    },
    {
      "id": "borders",
      "type": "line",
      "source": "basemap",
      "source-layer": "borders",
      "paint": {
        "line-color": "$border",
        "line-width": [
          "interpolate",
          [
            "linear"
          ],
          [
            "zoom"
          ],
          0,
          0.4,
          6,
          1,
          10,
          1.6
        ]
      }
    },
    {
      "id": "places",
      "type": "circle",
      "source": "basemap",
      "source-layer": "places",
      "minzoom": 3,
      "filter": [
        "<=",
        [
          "get",
          "rank"
        ],
        [
          "+",
          [
            "zoom"
          ],
          1.5
        ]
      ],
      "paint": {
        "circle-radius": [
          "interpolate",
          [
            "linear"
          ],
          [
            "zoom"
          ],
          3,
          1.5,
          8,
          3
        ],
        "circle-color": "$dot",
        "circle-stroke-color": "$halo",
        "circle-stroke-width": 0.8
      }
    },
    {
      "id": "place-names",
      "type": "symbol",
      "source": "basemap",
      "source-layer": "places",
      "minzoom": 3,
      "filter": [
        "<=",
        [
          "get",
          "rank"
        ],
        [
          "+",
          [
            "zoom"
          ],
          1.5
        ]
      ],
      "layout": {
        "text-field": [
          "get",
          "name"
        ],
        "text-size": [
          "interpolate",
          [
            "linear"
          ],
          [
            "zoom"
          ],
          3,
          9,
          8,
          12
        ]
      },
      "paint": {
        "text-color": "$text",
        "text-halo-color": "$halo",
        "text-halo-width": 1.2
      }
    }
  ]
}
"""#
}
