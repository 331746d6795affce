#!/usr/bin/env node
// The d3-geo peer for Scripts/benchmark-render.sh: read a GeoJSON file, fit a
// Mercator projection to it at WIDTHxHEIGHT, and write an SVG with one
// <path> per feature (what a d3 user writes to make a static map).
// usage: node d3-render.js INPUT.geojson OUTPUT.svg [WIDTH HEIGHT]
"use strict";
const fs = require("fs");
// Debian installs node modules under /usr/share/nodejs, outside the default search path.
process.env.NODE_PATH = [process.env.NODE_PATH, "/usr/share/nodejs"].filter(Boolean).join(":");
require("module").Module._initPaths();
let d3;
d3 = require("d3-geo");
const [input, output, w = "1024", h = "768"] = process.argv.slice(2);
const width = Number(w), height = Number(h);
const data = JSON.parse(fs.readFileSync(input, "utf8"));
const collection = data.type === "FeatureCollection" ? data : { type: "FeatureCollection", features: [data.type === "Feature" ? data : { type: "Feature", properties: {}, geometry: data }] };
const projection = d3.geoMercator().fitSize([width, height], collection);
const path = d3.geoPath(projection);
const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  `<rect width="100%" height="100%" fill="#f4f2ee"/>`, `<g fill="#5b8fd6" fill-opacity="0.35" stroke="#2f6db5" stroke-width="0.75">`];
for (const feature of collection.features) {
  const d = path(feature);
  if (d) parts.push(`<path d="${d}"/>`);
}
parts.push("</g></svg>\n");
fs.writeFileSync(output, parts.join("\n"));
