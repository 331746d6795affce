import MeridianCore

extension MapsURL {
    /// The smallest span a frame link asks for, in degrees (about 110 m of
    /// latitude): a single point or a tiny venue still opens at street level.
    public static let minimumSpan = 0.001

    /// A frame link showing a box: its centre, its span widened by a tenth
    /// so the data is not flush with the window's edges, and at least
    /// ``minimumSpan``. A box crossing the antimeridian (west > east) is
    /// centred across it.
    public init(extent box: BoundingBox) {
        let east = box.east < box.west ? box.east + 360 : box.east
        var longitude = (box.west + east) / 2
        if longitude > 180 { longitude -= 360 }
        let span = CoordinateSpan(
            latitudeDelta: Swift.min(180, Swift.max(Self.minimumSpan, (box.north - box.south) * 1.1)),
            longitudeDelta: Swift.min(360, Swift.max(Self.minimumSpan, (east - box.west) * 1.1)))
        self = .frame(center: Coordinate(latitude: (box.south + box.north) / 2, longitude: longitude), span: span)
    }
}
