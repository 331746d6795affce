import CGEOS
import MeridianCore
import MeridianPlatform

/// GEOS's functions (CGEOS's table), GEOS opened the first time one is
/// needed. Without GEOS installed the process stops there, with a message
/// that names the package (exit status 69), as the dynamic loader stopped
/// it at start when GEOS was linked.
package let libgeos: MRGEOS = {
    var error = [CChar](repeating: 0, count: 256)
    guard let api = mr_geos(&error, error.count) else {
        Platform.exitForMissingLibrary(String(nulTerminated: error))
    }
    return api.pointee
}()
