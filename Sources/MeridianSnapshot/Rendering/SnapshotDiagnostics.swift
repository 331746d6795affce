import MeridianCore

/// The codes the snapshotter reports: options out of range (checked before
/// any drawing) and framings or content that leave nothing to draw.
public enum SnapshotDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        snapshot.options.size | error | The image size is not 16 to 100 000 points on each side.
        snapshot.options.scale | error | The scale is not above 0 and at most 16.
        snapshot.options.precision | error | The coordinate precision is not 0 to 6 decimals.
        snapshot.options.tolerance | error | The simplification tolerance is negative or not finite.
        snapshot.options.font-size | error | The label size is not 1 to 1 000 points.
        snapshot.options.padding | error | The padding is not a finite number of points.
        snapshot.options.region | error | The region's centre is off the globe or its span is not positive and finite.
        snapshot.options.map-rect | error | The map rect is empty, not finite, or off the world.
        snapshot.camera.bounds | error | Camera bounds no view can keep: a distance that is not 0.1 m to 100 000 km, a minimum above the maximum, or centre bounds that are empty or not finite.
        snapshot.camera.center | error | The camera's centre is off the globe.
        snapshot.camera.distance | error | The camera's distance is not a positive, finite number of metres.
        snapshot.camera.heading | error | The camera's heading is not finite.
        snapshot.camera.pitch | error | The camera's pitch is not 0 to 60 degrees (or not finite).
        snapshot.document.key | error | A map document (render --map) has a key Meridian does not read; the location is its JSON pointer.
        snapshot.document.value | error | A value in a map document is of the wrong type or out of range (a coordinate off the globe, a size past 16 384 points); the location is its JSON pointer.
        snapshot.framing.invalid | error | The region or camera leaves an empty or infinite view.
        snapshot.content.coordinate | error | Declared map content (a marker, annotation, circle, polygon or polyline) has a coordinate off the globe or not finite.
        snapshot.content.radius | error | A declared circle's radius is negative or not finite.
        snapshot.content.style | error | A declared shape's stroke has a width, miter limit or dash pattern no map can draw (negative, not finite, or too long).
        snapshot.content.symbol | error | An annotation's symbol is not SVG path data (only path commands and numbers are drawn).
        snapshot.content.too-many | error | More features than a preview page holds (100 000 by default, preview --max-features): narrow the data first, or draw it with render.
        snapshot.content.empty | error | Nothing to draw: no feature has a drawable geometry (or none passes the point filter).
        snapshot.basemap.style | error | A basemap style (render --style) that is not a version 8 MapLibre style: not an object, no layers, a layer without an id or source-layer, a value of the wrong type or a colour that is not one; the location is its JSON pointer.
        snapshot.basemap.layer-type | error | A basemap style's layer has a type no MapLibre renderer knows (background, fill, line, circle and symbol are drawn).
        snapshot.basemap.expression | error | A basemap style's expression, filter or function that Meridian cannot evaluate: an unknown operator, the wrong number of arguments, stops that do not increase; the location is its JSON pointer.
        snapshot.basemap.ignored | warning | A basemap style asks for what Meridian does not draw (a raster or hillshade layer, a pattern, an icon, an unknown property): it is left out and the rest drawn.
        """#)
}
