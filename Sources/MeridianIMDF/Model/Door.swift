extension IMDF {
    /// IMDF's DOOR: what closes an opening.
    ///
    /// ```swift
    /// if let door = opening.door, door.automatic == true { ... }
    /// ```
    public struct Door: Sendable, Hashable {
        public var type: DoorType?
        public var automatic: Bool?
        public var material: DoorMaterial?

        public init(type: DoorType? = nil, automatic: Bool? = nil, material: DoorMaterial? = nil) {
            self.type = type
            self.automatic = automatic
            self.material = material
        }
    }
}
