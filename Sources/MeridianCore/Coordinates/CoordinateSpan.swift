/// The extent of a region in degrees, as `MKCoordinateSpan`.
///
/// ```swift
/// let span = CoordinateSpan(latitudeDelta: 0.01, longitudeDelta: 0.02)
/// ```
public struct CoordinateSpan: Sendable, Hashable {
    /// North-to-south extent in degrees.
    public var latitudeDelta: Double
    /// West-to-east extent in degrees.
    public var longitudeDelta: Double

    public init(latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}
