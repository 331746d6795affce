// The one file that knows which C library the platform has. A module of
// the package that calls the C library imports this one, file by file; no
// module re-exports it, so a user of the library receives none of the C
// library through it. The few calls whose names or types differ between
// platforms go through MeridianPlatform's `Platform`.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif
