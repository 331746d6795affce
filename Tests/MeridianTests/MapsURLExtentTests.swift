import Meridian
import Testing

@Suite struct MapsURLExtentTests {
    @Test func anExtentIsFramedWithATenthToSpare() {
        let link = MapsURL(extent: BoundingBox(west: 0, south: 50, east: 2, north: 52))
        #expect(
            link
                == .frame(
                    center: Coordinate(latitude: 51, longitude: 1),
                    span: CoordinateSpan(latitudeDelta: 2.2, longitudeDelta: 2.2)))
    }

    @Test func aSinglePointGetsTheMinimumSpan() {
        let link = MapsURL(extent: BoundingBox(west: 0.1, south: 52.2, east: 0.1, north: 52.2))
        #expect(link.string == "https://maps.apple.com/frame?center=52.2,0.1&span=0.001,0.001")
    }

    @Test func anExtentAcrossTheAntimeridianIsCentredAcrossIt() {
        guard
            case .frame(let center, let span) = MapsURL(
                extent: BoundingBox(west: 170, south: -20, east: -170, north: -10))
        else {
            Issue.record("not a frame")
            return
        }
        #expect(abs(center.longitude - 180) < 1e-9 || abs(center.longitude + 180) < 1e-9)
        #expect(abs((span?.longitudeDelta ?? 0) - 22) < 1e-9)
    }
}
