import MeridianCore
import MeridianPlaces

extension Snapshotter {
    /// What to draw and how, as `MKMapSnapshotter.Options`.
    ///
    /// ```swift
    /// var options = Snapshotter.Options()
    /// options.size = .init(width: 800, height: 600)
    /// options.scale = 2                       // the SVG is 1600 x 1200 pixels
    /// options.framing = .camera(MapCamera(center: cambridge, distance: 5_000, heading: 45))
    /// options.layers = [Layer(id: "landmarks", features: landmarks)]
    /// options.labels = LabelOptions(property: "name")
    /// options.showsLegend = true
    /// ```
    ///
    /// Everything has a default, so `Options(layers:)` alone gives a
    /// 1024 x 768 light map fitted to the data with a metric scale bar.
    public struct Options: Sendable, Hashable {
        /// The image size in points: the SVG's `viewBox`.
        public var size = Size(width: 1024, height: 768)
        /// Pixels per point: the SVG's `width` and `height` are size x scale.
        /// Simplification works in pixels, so a larger scale keeps more detail.
        public var scale: Double = 1
        public var framing: Framing = .automatic(padding: 24)
        /// Where the view may be: the framing's view is moved and zoomed into
        /// these bounds, as MapKit clamps its camera.
        public var cameraBounds: MapCameraBounds?
        /// Inputs, drawn bottom to top.
        public var layers: [Layer] = []
        /// Vector tiles drawn beneath the layers, styled (``Basemap``); none by default.
        public var basemap: Basemap?
        public var theme: Theme = .light
        /// simplestyle properties applied over every feature's own.
        public var styleOverrides = JSONObject()
        public var labels = LabelOptions()
        /// The property naming a feature's category, for ``pointFilter``,
        /// the legend and category colours. IMDF features use `category`.
        public var categoryProperty = "category"
        /// Which points of interest to draw, by MapKit category (as
        /// `MKPointOfInterestFilter`): a point's category is its
        /// ``categoryProperty`` value when that is a MapKit name or an IMDF
        /// category, else what ``PointOfInterestCategory/of(properties:featureType:)``
        /// reads (OSM tags, Maki `marker-symbol`). Areas and lines are
        /// context and always drawn.
        public var pointFilter: PointOfInterestFilter = .all
        /// `.muted` dims the data layers (``Layer/Role``) so that the
        /// content drawn over them stands out, as MapKit's muted emphasis.
        public var emphasis: MapStyle.Emphasis = .automatic
        public var markerStyle: MarkerStyle = .automatic
        /// Units of the scale bar; nil draws none.
        public var scaleBar: DistanceFormatter.Units? = .metric
        public var compass: CompassVisibility = .automatic
        public var showsLegend = false
        /// A title drawn top left and written to `<title>`; nil takes the
        /// first ``Layer/title`` (an indoor level's name), if any.
        public var title: String?
        public var attribution: String?
        /// Properties written on every drawn element as `data-` attributes
        /// (`population` → `data-population="8908081"`), for scripts and style
        /// sheets, as mapshaper's `svg-data`. A name becomes lower-case ASCII
        /// letters, digits, `-` and `_`; names Meridian writes itself (`id`,
        /// `category`, `feature-type`, `layer`) are left out.
        public var dataProperties: [String] = []
        /// Decimals of SVG coordinates (0...6).
        public var precision = 2
        /// Largest deviation, in pixels, that simplification may introduce;
        /// 0 keeps every vertex that survives clipping.
        public var simplificationTolerance = 0.15

        public init(layers: [Layer] = []) {
            self.layers = layers
        }
    }
}
