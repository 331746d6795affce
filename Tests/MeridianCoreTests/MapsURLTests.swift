import MeridianCore
import Testing

/// Apple's unified Maps URLs (MapKit, "Adopting unified Maps URLs"):
/// `/frame`, `/place`, `/search`, `/directions` with Apple's parameter names.
@Suite struct MapsURLTests {
    let cambridge = Coordinate(latitude: 52.2053, longitude: 0.1218)

    @Test func aFrameHasACenterAndASpan() {
        let link = MapsURL.frame(center: cambridge, span: CoordinateSpan(latitudeDelta: 0.02, longitudeDelta: 0.03))
        #expect(link.string == "https://maps.apple.com/frame?center=52.2053,0.1218&span=0.02,0.03")
    }

    @Test func coordinatesAreWrittenWithSixDecimalsAndNoTrailingZeros() {
        let link = MapsURL.frame(center: Coordinate(latitude: -33.856784123, longitude: 151.215297), span: nil)
        #expect(link.string == "https://maps.apple.com/frame?center=-33.856784,151.215297")
        #expect(
            MapsURL.frame(center: Coordinate(latitude: 0.0000001, longitude: -0.0000001), span: nil).string
                == "https://maps.apple.com/frame?center=0,0")
    }

    @Test func aPlaceNameIsPercentEncoded() {
        let link = MapsURL.place(
            coordinate: cambridge, name: "Fitzbillies & Café Ü", placeID: "I63802885C8189B2B", address: nil)
        #expect(
            link.string
                == "https://maps.apple.com/place?coordinate=52.2053,0.1218&name=Fitzbillies%20%26%20Caf%C3%A9%20%C3%9C&place-id=I63802885C8189B2B"
        )
    }

    @Test(arguments: [
        MapsURL.frame(center: Coordinate(latitude: 52.2053, longitude: 0.1218), span: nil),
        .frame(
            center: Coordinate(latitude: -85, longitude: 179.999999),
            span: CoordinateSpan(latitudeDelta: 1, longitudeDelta: 2.5)),
        .place(
            coordinate: Coordinate(latitude: 1, longitude: 2), name: "A & B = C? 100% #1 / ünïcødé 地図", placeID: nil,
            address: "1 Rue de l'Été, Paris"),
        .place(coordinate: nil, name: nil, placeID: "IBC14CF7EA612C25C", address: nil),
        .search(
            query: "coffee & cake", center: Coordinate(latitude: 52.2, longitude: 0.12),
            span: CoordinateSpan(latitudeDelta: 0.1, longitudeDelta: 0.1)),
        .search(query: "Trumpington Street", center: nil, span: nil),
        .directions(
            source: .text("Cambridge station"),
            destination: .coordinate(Coordinate(latitude: 52.2043, longitude: 0.1149)),
            waypoints: [.coordinate(Coordinate(latitude: 52.2, longitude: 0.13)), .text("Parker's Piece, Cambridge")],
            mode: .cycling),
        .directions(source: nil, destination: .text("King's College"), waypoints: [], mode: nil),
    ])
    func buildingThenParsingGivesTheSameLink(link: MapsURL) {
        #expect(MapsURL(string: link.string) == link)
        #expect(MapsURL(string: link.string)?.string == link.string)
    }

    @Test func waypointsRepeatInOrderAndModeIsNamed() {
        let link = MapsURL.directions(
            source: .coordinate(cambridge), destination: .text("Ely"),
            waypoints: [.text("Milton"), .text("Waterbeach")], mode: .walking)
        #expect(
            link.string
                == "https://maps.apple.com/directions?source=52.2053,0.1218&destination=Ely&waypoint=Milton&waypoint=Waterbeach&mode=walking"
        )
    }

    @Test func applesOwnPlaceLinksParse() {
        // The form Apple Maps shares: `+` for spaces, %2C for commas, extra parameters.
        let link = MapsURL(
            string:
                "https://maps.apple.com/place?place-id=I1E40915DF4BA1C96&address=Reuterplatz+3,+12047+Berlin,+Germany&coordinate=52.4890246,13.4295963&name=Reuterplatz&_provider=9902"
        )
        #expect(
            link
                == .place(
                    coordinate: Coordinate(latitude: 52.4890246, longitude: 13.4295963), name: "Reuterplatz",
                    placeID: "I1E40915DF4BA1C96", address: "Reuterplatz 3, 12047 Berlin, Germany"))
        let frame = MapsURL(
            string: "https://maps.apple.com/frame?center=-27.482287%2C153.028375&span=0.048943%2C0.066336")
        #expect(
            frame
                == .frame(
                    center: Coordinate(latitude: -27.482287, longitude: 153.028375),
                    span: CoordinateSpan(latitudeDelta: 0.048943, longitudeDelta: 0.066336)))
    }

    @Test(arguments: [
        "https://example.com/frame?center=1,2",
        "https://maps.apple.com/frame",
        "https://maps.apple.com/frame?center=95,0",
        "https://maps.apple.com/search?center=1,2",
        "https://maps.apple.com/directions?source=a",
        "https://maps.apple.com/directions?destination=a&mode=flying",
        "https://maps.apple.com/place?name=x",
        "https://maps.apple.com/place?coordinate=1,2&name=%E2%28",
        "https://maps.apple.com/teleport?center=1,2",
    ])
    func whatIsNotAUnifiedMapsURLIsRejected(text: String) {
        #expect(MapsURL(string: text) == nil)
    }

    @Test func aRegionGivesAFrame() {
        let region = CoordinateRegion(center: cambridge, span: CoordinateSpan(latitudeDelta: 1, longitudeDelta: 2))
        #expect(MapsURL(region: region) == .frame(center: cambridge, span: region.span))
    }
}
