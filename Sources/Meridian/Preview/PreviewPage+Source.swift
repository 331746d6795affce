import MeridianIMDF
import MeridianSnapshot

extension PreviewPage {
    /// One input of a preview page: plain features (GeoJSON, KML) or an
    /// IMDF venue, of which every level is drawn.
    ///
    /// ```swift
    /// let sources: [PreviewPage.Source] = [
    ///     .venue(try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip"), name: "meridian-arcade"),
    ///     .layer(Layer(id: "route", features: route)),
    /// ]
    /// ```
    ///
    /// The name of a venue (and the id of a layer) names the layer's
    /// `<g data-layer>` groups in every level's SVG, so one toggle shows
    /// or hides that input on every level.
    public enum Source: Sendable {
        /// Features drawn on every level, bottom first in the order given.
        case layer(Layer)
        /// A venue: one level per view, chosen by the level switcher.
        case venue(IMDFArchive, name: String)

        /// The layer's name in the page: its toggle's label.
        public var name: String {
            switch self {
            case .layer(let layer): layer.id
            case .venue(_, let name): name
            }
        }
    }
}
