import Meridian
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// Expands the input arguments: a pattern with `*`, `?` or `[...]` that
/// the shell left alone (quoted, or from a shell that does not glob) is
/// matched with glob(3), in sorted order; "-", plain paths and locations
/// (`postgresql://…?table=t`) pass through.
enum InputExpansion {
    static func expand(_ arguments: [String]) throws(DiagnosticError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            guard argument != "-", !Input.isLocation(argument), argument.contains(where: { "*?[".contains($0) }),
                Platform.kind(ofPath: argument) == nil
            else {
                paths.append(argument)
                continue
            }
            var matches = glob_t()
            defer { globfree(&matches) }
            let status = glob(argument, 0, nil, &matches)
            guard status == 0, matches.gl_pathc > 0 else {
                throw DiagnosticError(
                    code: "io.input.no-match", message: "no file matches \(argument)",
                    location: SourceLocation(file: argument))
            }
            for index in 0..<Int(matches.gl_pathc) {
                if let path = matches.gl_pathv[index] { paths.append(String(cString: path)) }
            }
        }
        return paths
    }
}
