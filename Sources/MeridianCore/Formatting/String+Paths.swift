extension String {
    /// A path's file name without its folders and extensions:
    /// `data/roads.geo.json` is `roads` (a name that starts with a dot
    /// keeps it).
    package var fileStem: String {
        var name = Substring(self)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.dropFirst().firstIndex(of: ".") { name = name[..<dot] }
        return String(name)
    }
}
