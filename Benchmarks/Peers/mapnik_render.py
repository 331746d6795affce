"""Mapnik (Debian's python3-mapnik, the renderer behind OpenStreetMap's
tiles) drawing a GeoJSON file's polygons as Meridian's light theme does
(fill, outline), in Web Mercator, fitted to the data, to a PNG: the peer of
`meridian render FILE -o out.png` in Scripts/benchmark-png.sh.

    /usr/bin/python3 Benchmarks/Peers/mapnik_render.py FILE.geojson OUT.png [WIDTHxHEIGHT]
"""
import sys

import mapnik

path, output = sys.argv[1], sys.argv[2]
width, height = (int(n) for n in (sys.argv[3] if len(sys.argv) > 3 else "1024x768").split("x"))

mercator = "+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs"
m = mapnik.Map(width, height, mercator)
m.background = mapnik.Color("#f4f3f0")
style = mapnik.Style()
rule = mapnik.Rule()
fill = mapnik.PolygonSymbolizer()
fill.fill = mapnik.Color("#5b8fd6")
fill.fill_opacity = 0.35
rule.symbols.append(fill)
line = mapnik.LineSymbolizer()
line.stroke = mapnik.Color("#2f6db5")
line.stroke_width = 0.75
rule.symbols.append(line)
style.rules.append(rule)
m.append_style("areas", style)
layer = mapnik.Layer("data", "+proj=longlat +datum=WGS84 +no_defs")
layer.datasource = mapnik.Datasource(type="geojson", file=path)
layer.styles.append("areas")
m.layers.append(layer)
m.zoom_all()
image = mapnik.Image(width, height)
mapnik.render(m, image)
image.save(output, "png")
