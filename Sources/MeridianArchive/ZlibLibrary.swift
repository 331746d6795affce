import CLibZ
import MeridianCore
import MeridianPlatform

/// zlib's functions (CLibZ's table), zlib opened the first time a zip
/// entry is inflated, deflated or checked. Without zlib installed the
/// process stops there, with a message that names the package (exit status
/// 69), as the dynamic loader stopped it at start when zlib was linked.
package let libz: MRZlib = {
    var error = [CChar](repeating: 0, count: 256)
    guard let api = mr_zlib(&error, error.count) else {
        Platform.exitForMissingLibrary(String(nulTerminated: error))
    }
    return api.pointee
}()
