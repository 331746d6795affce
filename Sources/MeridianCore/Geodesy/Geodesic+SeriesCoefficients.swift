extension Geodesic {
    /// Coefficients c0...c6 of a trigonometric series, stored inline so that
    /// evaluating series never allocates.
    struct SeriesCoefficients {
        var c0 = 0.0, c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0, c6 = 0.0
    }
}
