import Meridian
import MeridianIO
import MeridianPostGIS
import MeridianTestSupport
import Testing

/// PostgreSQL locations: recognised as locations, shown without their
/// password, Meridian's parameters taken out of what libpq is given.
@Suite struct PostGISLocationTests {
    @Test func locationsAreTellsApartFromPaths() {
        #expect(Input.isLocation("postgresql://host/db?table=t"))
        #expect(Input.isLocation("postgres:///db"))
        #expect(!Input.isLocation("roads.geojson"))
        #expect(!Input.isLocation("C:/maps/roads.geojson"))
        #expect(!Input.isLocation("./postgresql://x"))
        #expect(!Input.isLocation("-"))
    }

    @Test func passwordsAreNeverShown() {
        #expect(
            Input.redactingPassword("postgresql://gis:s3cret@db.example:5432/gis?table=roads")
                == "postgresql://gis@db.example:5432/gis?table=roads")
        #expect(
            Input.redactingPassword("postgresql://db/gis?password=s3cret&table=roads&sslmode=require")
                == "postgresql://db/gis?table=roads&sslmode=require")
        #expect(Input.redactingPassword("postgresql://gis@db/gis") == "postgresql://gis@db/gis")
        #expect(Input.redactingPassword("roads:v2@host.geojson") == "roads:v2@host.geojson")
    }

    @Test func meridiansParametersAreTakenOut() throws {
        let location = try PostGISLocation(
            "postgresql://gis:p%40ss@localhost/gis?sslmode=disable&table=osm.roads&geometry=way&mode=append")
        #expect(location.table?.schema == "osm" && location.table?.name == "roads")
        #expect(location.geometryColumn == "way" && location.mode == .append)
        #expect(location.password == "p@ss")
        #expect(
            location.connectionString
                == "postgresql://gis:p%40ss@localhost/gis?sslmode=disable&connect_timeout=10&fallback_application_name=meridian"
        )
        #expect(
            location.displayName
                == "postgresql://gis@localhost/gis?sslmode=disable&table=osm.roads&geometry=way&mode=append")
        let query = try PostGISLocation("postgres:///gis?query=SELECT%20*%20FROM%20roads%20WHERE%20a%3D'b'")
        #expect(query.query == "SELECT * FROM roads WHERE a='b'" && query.table == nil)
        #expect(PostGISLocation.quoted("a\"b") == "\"a\"\"b\"")
    }

    @Test(arguments: [
        "postgresql:///gis?table=a&query=b", "postgresql:///gis?table=", "postgresql:///gis?table=a&table=b",
        "postgresql:///gis?mode=truncate", "postgresql:///gis?table=a.b.c", "postgresql:///gis?table=%zz",
        "mysql:///gis?table=a",
    ])
    func badLocationsAreRefused(_ text: String) {
        #expect(diagnosticCode { _ = try PostGISLocation(text) } == "postgis.location")
    }
}
