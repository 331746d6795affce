import MeridianCore
import MeridianLibC
import Testing

@testable import MeridianSnapshot

@Suite struct LabelAndFurnitureTests {
    @Test func overlappingLabelsKeepTheHigherPriorityAndDropTheOther() throws {
        let features = [
            Support.feature(.point(Support.point(0, 0)), ["name": "First place"]),
            Support.feature(.point(Support.point(0, 0.00001)), ["name": "Second place"]),
            Support.feature(.point(Support.point(0, 0.00002)), ["name": "Third place"]),
            Support.feature(.point(Support.point(0, 0.00003)), ["name": "Fourth place"]),
            Support.feature(.point(Support.point(0, 0.00004)), ["name": "Fifth place"]),
        ]
        let snapshot = try Support.render(features) { $0.markerStyle = .dot }
        #expect(snapshot.placedLabels.first == "First place")
        #expect(snapshot.droppedLabelCount >= 1)
        #expect(snapshot.placedLabels.count + snapshot.droppedLabelCount == 5)
    }

    @Test func placedLabelBoxesNeverOverlap() throws {
        var placer = LabelPlacer(width: 300, height: 200)
        var boxes: [LabelPlacer.Box] = []
        for index in 0..<60 {
            let candidate = LabelPlacer.Candidate(
                x: Double(index % 10) * 25 + 10, y: Double(index / 10) * 12 + 20, alignment: .start)
            if let spot = placer.place(text: "Label \(index)", fontSize: 11, candidates: [candidate]) {
                boxes.append(
                    LabelPlacer.box(
                        for: spot, textWidth: LabelPlacer.textWidth("Label \(index)", fontSize: 11), fontSize: 11))
            }
        }
        #expect(boxes.count > 5)
        for i in boxes.indices { for j in boxes.indices where i < j { #expect(!boxes[i].intersects(boxes[j])) } }
    }

    /// A U-shaped area's centroid lies in its notch; the label goes where
    /// the area is widest instead, inside it.
    @Test func anAreaIsLabelledAtItsPoleOfInaccessibilityNotItsCentroid() throws {
        // A U in screen points: two arms 40 wide, a base 60 high, the notch between the arms.
        let u: PoleOfInaccessibility.Ring = [
            (0, 0), (40, 0), (40, 140), (160, 140), (160, 0), (200, 0), (200, 200), (0, 200),
        ]
        let pole = try #require(PoleOfInaccessibility.find(rings: [u], precision: 0.5))
        #expect(pole.distance > 29 && pole.distance < 32)  // 30 in the base, a little more in its corners
        #expect(pole.y > 140 && pole.y < 200)
        #expect(PoleOfInaccessibility.signedDistance(100, 70, [u]) < 0, "the centroid's notch is outside")
        // A hole where the centroid would be moves the label off the hole.
        let square: PoleOfInaccessibility.Ring = [(0, 0), (100, 0), (100, 100), (0, 100)]
        let hole: PoleOfInaccessibility.Ring = [(30, 30), (70, 30), (70, 70), (30, 70)]
        let around = try #require(PoleOfInaccessibility.find(rings: [square, hole], precision: 0.5))
        #expect(PoleOfInaccessibility.signedDistance(around.x, around.y, [square, hole]) > 10)
        // Drawn: the label of a U-shaped area on the map lies inside the U.
        let ring = [
            Support.point(52.0, 0.0), Support.point(52.0, 0.02), Support.point(52.07, 0.02),
            Support.point(52.07, 0.08), Support.point(52.0, 0.08), Support.point(52.0, 0.1),
            Support.point(52.1, 0.1), Support.point(52.1, 0.0), Support.point(52.0, 0.0),
        ]
        let snapshot = try Support.render([
            Support.feature(.polygon([ring]), id: "u", JSONObject([("name", "Horseshoe")]))
        ]) { $0.size = Snapshotter.Size(width: 400, height: 400) }
        let text = try #require(snapshot.svg.range(of: ">Horseshoe</text>"))
        let tag = snapshot.svg[..<text.lowerBound].components(separatedBy: "<text").last ?? ""
        func attribute(_ name: String) -> Double? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            return Double(tag[start.upperBound...].prefix { $0 != "\"" })
        }
        let x = try #require(attribute("x"))
        let y = try #require(attribute("y"))
        let screen = ring.map { snapshot.point(for: $0) }.map { (x: $0.x, y: $0.y) }
        #expect(PoleOfInaccessibility.signedDistance(x, y, [screen]) > 5, "label at \(x), \(y)")
    }

    /// A line's label is turned to follow it, upright, centred on it.
    @Test func aLineLabelFollowsItsLine() throws {
        let a = Support.point(52.0, 0.0)
        let b = Support.point(52.05, 0.1)
        let snapshot = try Support.render([
            Support.feature(.lineString([b, a]), id: "road", JSONObject([("name", "Long Diagonal Road")]))
        ]) { $0.size = Snapshotter.Size(width: 400, height: 300) }
        let svg = snapshot.svg
        let start = snapshot.point(for: a)
        let end = snapshot.point(for: b)
        let expected = atan2(end.y - start.y, end.x - start.x) * 180 / .pi
        let text = try #require(svg.range(of: ">Long Diagonal Road</text>"))
        let tag = svg[..<text.lowerBound].components(separatedBy: "<text").last ?? ""
        let rotate = try #require(tag.range(of: "rotate("))
        let numbers = tag[rotate.upperBound...].prefix { $0 != ")" }.split(separator: " ").compactMap { Double($0) }
        try #require(numbers.count == 3)
        #expect(abs(numbers[0] - expected) < 0.1, "read left to right although the line runs right to left")
        let middle = (x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
        #expect(abs(numbers[1] - middle.x) < 0.5 && abs(numbers[2] - middle.y) < 0.5)
        // Turned boxes are what collisions are checked against.
        let box = LabelPlacer.box(
            for: .init(x: 0, y: 0, alignment: .middle, angle: 90, baselineShift: 0), textWidth: 100, fontSize: 10)
        #expect(box.maxX - box.minX < 20 && box.maxY - box.minY > 100)
    }

    /// Dense points are thinned by importance, not by their order in the file.
    @Test func collidingPointLabelsGoToTheMoreImportantPoint() throws {
        func town(_ name: String, _ longitude: Double, _ properties: [(String, JSONValue)]) -> Feature {
            Support.feature(
                .point(Support.point(52, longitude)), id: name, JSONObject([("name", .string(name))] + properties))
        }
        let towns = [
            town("Smallville", 0.0, [("population", 900), ("rank", 1)]),
            town("Bigtown", 0.0005, [("population", 90_000), ("rank", 3)]),
            town("Middleham", 0.001, [("population", 9_000), ("rank", 2)]),
        ]
        let framing = Framing.region(
            CoordinateRegion(center: Support.point(52, 0.0005), latitudinalMeters: 5_000, longitudinalMeters: 5_000))
        let byPopulation = try Support.render(towns) {
            $0.framing = framing
            $0.markerStyle = .dot
        }
        #expect(byPopulation.placedLabels.first == "Bigtown")
        #expect(!byPopulation.placedLabels.contains("Smallville"))
        let byRank = try Support.render(towns) {
            $0.framing = framing
            $0.markerStyle = .dot
            $0.labels.priority = "rank"
            $0.labels.priorityAscending = true
        }
        #expect(byRank.placedLabels.first == "Smallville")
    }

    @Test func labelsComeFromTheChosenProperty() throws {
        let features = [
            Support.feature(.point(Support.point(0, 0)), ["name": "By name", "NAME_EN": "By English name"])
        ]
        #expect(try Support.render(features).placedLabels == ["By name"])
        #expect(
            try Support.render(features) { $0.labels = LabelOptions(property: "NAME_EN") }.placedLabels == [
                "By English name"
            ])
        #expect(try Support.render(features) { $0.labels = .none }.placedLabels.isEmpty)
    }

    @Test func scaleBarsUseOneTwoFiveSteps() throws {
        let metric = try #require(ScaleBar(metersPerPoint: 12.5, units: .metric, maximumLength: 150))
        #expect(metric.meters == 1_000 && metric.label == "1 km" && metric.length == 80)
        let small = try #require(ScaleBar(metersPerPoint: 0.9, units: .metric, maximumLength: 150))
        #expect(small.meters == 100 && small.label == "100 m")
        let feet = try #require(ScaleBar(metersPerPoint: 1, units: .imperial, maximumLength: 150))
        #expect(feet.label == "200 ft")
        let miles = try #require(ScaleBar(metersPerPoint: 40, units: .imperial, maximumLength: 150))
        #expect(miles.label == "2 mi")
        for step in ScaleBar.steps(for: .imperial) {
            let label = DistanceFormatter(units: .imperial).string(fromDistance: step)
            let digits = label.prefix { $0 != " " }.filter { $0 != "0" && $0 != "." && $0 != "," }
            #expect(["1", "2", "5"].contains(digits), "\(label)")
        }
    }

    @Test func theCompassAppearsWhenTheMapIsRotated() throws {
        let dot = [Support.feature(.point(Support.point(52, 0)))]
        let north = try Support.render(dot) {
            $0.framing = .camera(MapCamera(center: Support.point(52, 0), distance: 1_000))
        }.svg
        #expect(!north.contains("id=\"compass\""))
        let rotated = try Support.render(dot) {
            $0.framing = .camera(MapCamera(center: Support.point(52, 0), distance: 1_000, heading: 30))
        }.svg
        #expect(rotated.contains("id=\"compass\"") && rotated.contains("rotate(-30)"))
        let always = try Support.render(dot) { $0.compass = .always }.svg
        #expect(always.contains("id=\"compass\""))
    }

    @Test func theLegendListsTheCategoriesDrawn() throws {
        let features = [
            Support.feature(.polygon([Support.square(0, 0, 1)]), ["category": "park"]),
            Support.feature(.point(Support.point(0, 0)), ["category": "cafe"]),
            Support.feature(.point(Support.point(0, 0.1)), ["category": "cafe"]),
        ]
        let svg = try Support.render(features) { $0.showsLegend = true }.svg
        let legend = svg.components(separatedBy: "id=\"legend\"")[1]
        #expect(legend.contains(">park</text>") && legend.contains(">cafe</text>"))
        #expect(legend.components(separatedBy: ">cafe</text>").count == 2)
    }

    @Test func titleAndAttributionAreDrawnAndTitled() throws {
        let svg = try Support.render([Support.feature(.point(Support.point(0, 0)))]) {
            $0.title = "Cafés & bars"
            $0.attribution = "© Somebody"
        }.svg
        #expect(svg.contains("<title id=\"map-title\">Cafés &amp; bars</title>"))
        #expect(svg.contains("id=\"attribution\"") && svg.contains("© Somebody"))
        #expect(svg.contains("role=\"img\"") && svg.contains("<desc id=\"map-desc\">"))
    }
}
