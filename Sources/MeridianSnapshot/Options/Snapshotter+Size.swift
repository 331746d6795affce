import MeridianCore

extension Snapshotter {
    /// An image size in points, as `CGSize` in `MKMapSnapshotter.Options.size`.
    public struct Size: Sendable, Hashable {
        public var width: Double
        public var height: Double

        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }
}
