import MeridianCore

/// The colour groups indoor units are filled by, after Apple's "Displaying
/// an Indoor Map" sample, extended to every IMDF 1.0 unit category; an
/// ``IndoorTheme`` has a colour for each.
///
/// ```swift
/// UnitCategoryGroup(category: "restroom.female")   // .restroom
/// UnitCategoryGroup(category: "huddleroom")        // .room
/// UnitCategoryGroup(category: "made-up")           // .other
/// ```
///
/// Apple's sample has six groups: elevator/escalator/stairs, restrooms,
/// rooms, non-public space, walkways, and everything else. Those six are
/// kept, with the categories Apple left in "everything else" sorted into
/// them where the meaning is plain (a `ramp` moves people between floors
/// like `stairs`; a `lobby` is walked through like a `walkway`), and four
/// groups added where a reader of the map needs a different colour:
/// structure (walls and columns drawn solid), open-to-below (a void, not a
/// floor), outdoor ground (vegetation, terraces, fields) and parking/roads.
public enum UnitCategoryGroup: String, Sendable, Hashable, CaseIterable {
    /// Apple: elevator, escalator, stairs; plus steps, ramp, moving walkway.
    case elevatorEscalatorStairs
    /// Apple: every `restroom*` category; plus shower.
    case restroom
    /// Apple: room; plus the enclosed rooms people use (offices, classrooms...).
    case room
    /// Apple: nonpublic; plus back-of-house rooms (storage, server room...).
    case nonpublic
    /// Apple: walkway; plus circulation space (lobby, footbridge, platform...).
    case walkway
    /// Walls and columns: the material categories and `structure`.
    case structure
    /// `opentobelow`: an atrium void, drawn faint so the floor below reads through.
    case openToBelow
    /// Outdoor ground: vegetation, terrace, field of play, recreation.
    case outdoor
    /// Parking and roads.
    case parking
    /// Everything else (Apple's default unit fill).
    case other

    /// The group of an IMDF unit category; unknown categories fall into ``other``.
    public init(category: String) {
        self = Self.table[category] ?? (category.hasPrefix("restroom") ? .restroom : .other)
    }

    /// Every IMDF 1.0 unit category (OGC 20-094, unit categories) and its group.
    static let table: [String: UnitCategoryGroup] = [
        "auditorium": .room, "brick": .structure, "classroom": .room, "column": .structure,
        "concrete": .structure, "conferenceroom": .room, "drywall": .structure,
        "elevator": .elevatorEscalatorStairs, "escalator": .elevatorEscalatorStairs,
        "fieldofplay": .outdoor, "firstaid": .room, "fitnessroom": .room, "foodservice": .other,
        "footbridge": .walkway, "glass": .structure, "huddleroom": .room, "kitchen": .nonpublic,
        "laboratory": .room, "library": .room, "lobby": .walkway, "lounge": .room,
        "mailroom": .nonpublic, "mothersroom": .room, "movietheater": .room,
        "movingwalkway": .elevatorEscalatorStairs, "nonpublic": .nonpublic, "office": .room,
        "opentobelow": .openToBelow, "parking": .parking, "phoneroom": .room, "platform": .walkway,
        "privatelounge": .room, "ramp": .elevatorEscalatorStairs, "recreation": .outdoor,
        "restroom": .restroom, "restroom.family": .restroom, "restroom.female": .restroom,
        "restroom.female.wheelchair": .restroom, "restroom.male": .restroom,
        "restroom.male.wheelchair": .restroom, "restroom.transgender": .restroom,
        "restroom.transgender.wheelchair": .restroom, "restroom.unisex": .restroom,
        "restroom.unisex.wheelchair": .restroom, "restroom.wheelchair": .restroom,
        "road": .parking, "room": .room, "serverroom": .nonpublic, "shower": .restroom,
        "smokingarea": .outdoor, "stairs": .elevatorEscalatorStairs,
        "steps": .elevatorEscalatorStairs, "storage": .nonpublic, "structure": .structure,
        "terrace": .outdoor, "theater": .room, "unenclosedarea": .walkway, "unspecified": .other,
        "vegetation": .outdoor, "waitingroom": .room, "walkway": .walkway,
        "walkway.island": .walkway, "wood": .structure,
    ]
}
