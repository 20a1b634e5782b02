import Testing
import VitrinePlatform

@Suite("CalibrationMatrix")
struct CalibrationMatrixTests {
    private func expectPoint(_ point: (x: Double, y: Double), _ x: Double, _ y: Double) {
        #expect(abs(point.x - x) < 1e-6 && abs(point.y - y) < 1e-6, "got \(point), expected (\(x), \(y))")
    }

    @Test func parsesTheUdevProperty() throws {
        #expect(try CalibrationMatrix(parsing: "1 0 0 0 1 0") == .identity)
        let matrix = try CalibrationMatrix(parsing: " 0\t-1 1  1 0 0\n")
        #expect(matrix == CalibrationMatrix(rotation: .clockwise90))
        let scaled = try CalibrationMatrix(parsing: "1.05 0 -0.025 0 1.1 -0.05")
        #expect(scaled.values == [1.05, 0, -0.025, 0, 1.1, -0.05])
        #expect(matrix.description == "0 -1 1 1 0 0")
    }

    @Test func rejectsBadStrings() {
        #expect(throws: CalibrationMatrixError.wrongValueCount(3)) { try CalibrationMatrix(parsing: "1 0 0") }
        #expect(throws: CalibrationMatrixError.wrongValueCount(0)) { try CalibrationMatrix(parsing: "") }
        #expect(throws: CalibrationMatrixError.wrongValueCount(7)) { try CalibrationMatrix(parsing: "1 0 0 0 1 0 0") }
        #expect(throws: CalibrationMatrixError.notANumber("x")) { try CalibrationMatrix(parsing: "1 0 0 0 1 x") }
        #expect(throws: CalibrationMatrixError.notANumber("nan")) { try CalibrationMatrix(parsing: "nan 0 0 0 1 0") }
        #expect(throws: CalibrationMatrixError.notANumber("1,5")) { try CalibrationMatrix(parsing: "1,5 0 0 0 1 0") }
    }

    @Test func aBadMatrixIsReportedAndTheDeviceKeepsTheIdentity() {
        var lines: [String] = []
        let matrix = CalibrationMatrix.parsing("0 -1 1 1 0", forDevice: "event7") { lines.append($0) }
        #expect(matrix == .identity)
        #expect(
            lines == [
                #"event7: calibration matrix "0 -1 1 1 0" ignored: a calibration matrix has 6 values (a b c d e f), this one has 5; using the identity"#
            ])
        let good = CalibrationMatrix.parsing("0 -1 1 1 0 0", forDevice: "event7") { lines.append($0) }
        #expect(good == CalibrationMatrix(rotation: .clockwise90) && lines.count == 1)
    }

    @Test func appliesToNormalisedPoints() {
        expectPoint(CalibrationMatrix.identity.apply(x: 0.25, y: 0.75), 0.25, 0.75)
        let matrix = CalibrationMatrix(a: 2, b: 0, c: -0.5, d: 0, e: 0.5, f: 0.25)
        expectPoint(matrix.apply(x: 0.5, y: 0.5), 0.5, 0.5)
        expectPoint(matrix.apply(x: 1, y: 1), 1.5, 0.75)
    }

    @Test func rotatesQuarterTurnsClockwise() {
        let r90 = CalibrationMatrix(rotation: .clockwise90)
        expectPoint(r90.apply(x: 0, y: 0), 1, 0)  // top-left goes to top-right
        expectPoint(r90.apply(x: 1, y: 0), 1, 1)
        expectPoint(r90.apply(x: 0.25, y: 0.5), 0.5, 0.25)
        let r180 = CalibrationMatrix(rotation: .clockwise180)
        expectPoint(r180.apply(x: 0.25, y: 0.5), 0.75, 0.5)
        expectPoint(r180.apply(x: 0, y: 0), 1, 1)
        let r270 = CalibrationMatrix(rotation: .clockwise270)
        expectPoint(r270.apply(x: 0, y: 0), 0, 1)
        expectPoint(r270.apply(x: 0.25, y: 0.5), 0.5, 0.75)
        #expect(CalibrationMatrix(rotation: .upright) == .identity)
    }

    @Test func composesRotations() {
        let r90 = CalibrationMatrix(rotation: .clockwise90)
        #expect(r90.concatenating(r90) == CalibrationMatrix(rotation: .clockwise180))
        #expect(r90.concatenating(r90).concatenating(r90) == CalibrationMatrix(rotation: .clockwise270))
        #expect(r90.concatenating(CalibrationMatrix(rotation: .clockwise270)) == .identity)
        // Applying the product is applying the right-hand matrix first.
        let scale = CalibrationMatrix(a: 0.5, b: 0, c: 0, d: 0, e: 0.5, f: 0)
        let point = r90.apply(x: 0.5, y: 0.2)
        let expected = scale.apply(x: point.x, y: point.y)
        expectPoint(scale.concatenating(r90).apply(x: 0.5, y: 0.2), expected.x, expected.y)
    }

    @Test func rotationFromDegrees() {
        #expect(CalibrationMatrix.Rotation(degrees: 90) == .clockwise90)
        #expect(CalibrationMatrix.Rotation(degrees: -90) == .clockwise270)
        #expect(CalibrationMatrix.Rotation(degrees: 540) == .clockwise180)
        #expect(CalibrationMatrix.Rotation(degrees: 0) == CalibrationMatrix.Rotation.upright)
        #expect(CalibrationMatrix.Rotation(degrees: 45) == nil)
    }
}
