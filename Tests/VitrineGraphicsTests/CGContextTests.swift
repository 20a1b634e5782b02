import Foundation
import Testing
import VitrineGraphics

@Suite struct CGContextFillTests {
    @Test func fillRectCoversExactlyItsPixels() {
        let context = makeContext(width: 20, height: 20)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(context.pixel(5, 5) == opaqueRed)
        #expect(context.pixel(14, 14) == opaqueRed)
        #expect(context.pixel(4, 5) == 0 && context.pixel(15, 5) == 0 && context.pixel(5, 15) == 0)
        #expect(context.inkedPixels().count == 100)
    }

    @Test func fillRectsAndNegativeSizes() {
        let context = makeContext(width: 20, height: 10)
        context.setFillColor(gray: 1, alpha: 1)
        context.fill([
            CGRect(x: 0, y: 0, width: 4, height: 4), CGRect(x: 2, y: 2, width: 4, height: 4),
        ])
        #expect(context.inkedPixels().count == 28)
        context.fill(CGRect(x: 20, y: 10, width: -2, height: -2))  // standardised: (18, 8, 2, 2)
        #expect(context.pixel(19, 9) == 0xffff_ffff && context.pixel(17, 9) == 0)
    }

    @Test func drawsIntoXRGBBuffers() {
        let context = makeContext(width: 4, height: 4, format: .xrgb8888)
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(context.pixel(1, 3) == opaqueBlue)
        #expect(context.pixel(2, 3) == 0xff00_0000)
    }

    @Test func clearMakesPixelsTransparent() {
        let context = makeContext(width: 10, height: 10)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.setAlpha(0.2)  // ignored by clear
        context.clear(CGRect(x: 0, y: 0, width: 5, height: 10))
        #expect(context.pixel(4, 4) == 0)
        #expect(context.pixel(5, 4) == opaqueRed)
    }

    @Test func alphaMultipliesDrawing() {
        let context = makeContext(width: 4, height: 4)
        context.setAlpha(0.5)
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let pixel = context.pixel(1, 1)
        #expect(abs(Int(pixel >> 24) - 128) <= 1)
        #expect(pixel >> 16 & 0xff == pixel >> 24)  // premultiplied white: colour == alpha
        context.setAlpha(2)  // clamped to 1
        context.setFillColor(gray: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(context.alpha(0, 0) > 180)
    }

    @Test func blendModes() {
        let context = makeContext(width: 4, height: 1)
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        context.setFillColor(gray: 0.5, alpha: 1)
        context.setBlendMode(.multiply)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(abs(Int(context.pixel(0, 0) & 0xff) - 128) <= 1)
        context.setBlendMode(.copy)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0)
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect(context.pixel(1, 0) == 0)
        context.setBlendMode(.clear)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        #expect(context.pixel(2, 0) == 0)
        context.setBlendMode(.screen)
        context.setFillColor(gray: 0, alpha: 1)
        context.fill(CGRect(x: 3, y: 0, width: 1, height: 1))
        #expect(context.pixel(3, 0) == 0xffff_ffff)
    }

    @Test func antialiasingCanBeTurnedOff() {
        let smooth = makeContext(width: 10, height: 10)
        smooth.fill(CGRect(x: 2.5, y: 2.5, width: 5, height: 5))
        #expect(smooth.alpha(2, 4) > 0 && smooth.alpha(2, 4) < 255)
        let sharp = makeContext(width: 10, height: 10)
        sharp.setShouldAntialias(false)
        sharp.fill(CGRect(x: 2.5, y: 2.5, width: 5, height: 5))
        #expect(sharp.inkedPixels().allSatisfy { sharp.alpha($0.x, $0.y) == 255 })
    }
}

@Suite struct CGContextTransformTests {
    @Test func translate() {
        let context = makeContext(width: 20, height: 20)
        context.translateBy(x: 10, y: 0)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(context.alpha(10, 0) == 255 && context.alpha(14, 4) == 255)
        #expect(context.alpha(0, 0) == 0 && context.alpha(15, 0) == 0)
    }

    @Test func scale() {
        let context = makeContext(width: 20, height: 20)
        context.scaleBy(x: 2, y: 2)
        context.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(context.alpha(2, 2) == 255 && context.alpha(5, 5) == 255)
        #expect(context.alpha(1, 1) == 0 && context.alpha(6, 6) == 0)
        #expect(context.inkedPixels().count == 16)
    }

    @Test func rotateTurnsClockwiseOnScreen() {
        let context = makeContext(width: 40, height: 40)
        context.translateBy(x: 20, y: 20)
        context.rotate(by: .pi / 2)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
        // A rect pointing right from the origin now points down: x in 15...20, y in 20...30.
        #expect(context.alpha(17, 25) == 255)
        #expect(context.alpha(25, 22) == 0)
        #expect(context.alpha(22, 17) == 0)
    }

    @Test func ctmReportsConcatenation() {
        let context = makeContext(width: 4, height: 4)
        #expect(context.ctm == .identity)
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 3)
        #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        context.concatenate(CGAffineTransform(translationX: 1, y: 1))
        #expect(context.ctm.tx == 12 && context.ctm.ty == 23)
        #expect(context.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 14, y: 26))
        let scaled = CGContext(
            pixelBuffer: PixelBuffer(width: 4, height: 4, format: .xrgb8888), scale: 2)
        #expect(scaled.ctm == CGAffineTransform(scaleX: 2, y: 2))
    }

    @Test func saveAndRestoreStateRestoresFillColourAndCTM() {
        let context = makeContext(width: 20, height: 20)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.saveGState()
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.translateBy(x: 10, y: 10)
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.setLineWidth(8)
        context.restoreGState()
        context.restoreGState()  // unbalanced: ignored
        #expect(context.ctm == .identity)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(context.pixel(2, 2) == opaqueRed)
        // The clip was restored too: drawing outside the old clip works.
        context.fill(CGRect(x: 15, y: 15, width: 2, height: 2))
        #expect(context.pixel(16, 16) == opaqueRed)
        // And the line width.
        context.setStrokeColor(gray: 0, alpha: 1)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 10.5), CGPoint(x: 20, y: 10.5)])
        #expect(
            context.alpha(3, 10) == 255 && context.alpha(3, 9) == 0 && context.alpha(3, 11) == 0)
    }

    @Test func singularCTMDrawsNothingUntilRestored() {
        let context = makeContext(width: 10, height: 10)
        context.saveGState()
        context.scaleBy(x: 0, y: 0)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(context.inkedPixels().isEmpty)
        #expect(context.boundingBoxOfClipPath.isNull)
        context.restoreGState()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(context.inkedPixels().count == 100)
    }
}

@Suite struct CGContextPathTests {
    @Test func clipToRect() {
        let context = makeContext(width: 20, height: 20)
        context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(
            context.alpha(5, 5) == 255 && context.alpha(15, 15) == 0 && context.alpha(12, 2) == 0)
        #expect(context.inkedPixels().count == 100)
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func clipToRectsAndPath() {
        let context = makeContext(width: 20, height: 20)
        context.translateBy(x: 2, y: 0)
        context.clip(to: [
            CGRect(x: 0, y: 0, width: 4, height: 4), CGRect(x: 10, y: 0, width: 4, height: 4),
        ])
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 14, height: 4))
        context.addEllipse(in: CGRect(x: -2, y: -10, width: 20, height: 20))
        context.clip()
        #expect(context.isPathEmpty)
        context.fill(CGRect(x: -2, y: 0, width: 20, height: 20))
        #expect(context.alpha(3, 1) == 255)  // first rect, inside the ellipse
        #expect(context.alpha(13, 1) == 255)  // second rect
        #expect(context.alpha(8, 1) == 0)  // between the rects
        #expect(context.alpha(3, 6) == 0)  // below the rects
    }

    @Test func clipWithEvenOddRule() {
        let context = makeContext(width: 20, height: 20)
        context.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        context.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        context.clip(using: .evenOdd)
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(context.alpha(2, 2) == 255 && context.alpha(10, 10) == 0)
    }

    @Test func ellipseCentreFilledCornerEmpty() {
        let context = makeContext(width: 20, height: 20)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(context.alpha(10, 10) == 255)
        #expect(context.alpha(0, 0) == 0 && context.alpha(19, 0) == 0 && context.alpha(19, 19) == 0)
        #expect(context.alpha(0, 10) > 0)  // the leftmost pixel column touches the circle
        let stroked = makeContext(width: 20, height: 20)
        stroked.setLineWidth(2)
        stroked.strokeEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        #expect(
            stroked.alpha(10, 10) == 0 && stroked.alpha(10, 2) > 200 && stroked.alpha(2, 2) == 0)
    }

    @Test func lineWidthControlsStrokeThickness() {
        let context = makeContext(width: 20, height: 20)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 0, y: 10))
        context.addLine(to: CGPoint(x: 20, y: 10))
        context.strokePath()
        for y in 8...11 { #expect(context.alpha(10, y) == 255) }
        #expect(context.alpha(10, 7) == 0 && context.alpha(10, 12) == 0)
        // The width is in user space: scaled by the CTM at stroke time.
        let scaled = makeContext(width: 20, height: 20)
        scaled.scaleBy(x: 1, y: 3)
        scaled.setLineWidth(2)
        scaled.stroke(CGRect(x: 5, y: 2, width: 10, height: 4))
        // The top edge at device y = 6 is 3 px thick each side (y 3...9).
        #expect(
            scaled.alpha(10, 3) == 255 && scaled.alpha(10, 8) == 255 && scaled.alpha(10, 10) == 0)
        // The left edge at x = 5 is 1 px thick each side.
        #expect(scaled.alpha(5, 10) == 255 && scaled.alpha(7, 10) == 0)
    }

    @Test func strokeRectWithWidthLeavesLineWidthAlone() {
        let context = makeContext(width: 20, height: 20)
        context.stroke(CGRect(x: 4, y: 4, width: 12, height: 12), width: 4)
        #expect(
            context.alpha(5, 10) == 255 && context.alpha(2, 10) == 255 && context.alpha(7, 10) == 0)
        context.clear(CGRect(x: 0, y: 0, width: 20, height: 20))
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 10.5), CGPoint(x: 20, y: 10.5)])
        #expect(context.alpha(3, 10) == 255 && context.alpha(3, 9) == 0)
    }

    @Test func zeroLineWidthIsAHairline() {
        let context = makeContext(width: 20, height: 20)
        context.scaleBy(x: 4, y: 4)
        context.setLineWidth(0)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 2.625), CGPoint(x: 5, y: 2.625)])
        // Device y = 10.5: one pixel row, not four.
        #expect(
            context.alpha(8, 10) == 255 && context.alpha(8, 9) == 0 && context.alpha(8, 11) == 0)
    }

    @Test func dashes() {
        let context = makeContext(width: 20, height: 4)
        context.setLineDash(phase: 0, lengths: [4, 4])
        context.setLineWidth(2)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 20, y: 2)])
        #expect(
            context.alpha(1, 2) == 255 && context.alpha(5, 2) == 0 && context.alpha(9, 2) == 255)
        context.setLineDash(phase: 0, lengths: [])
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 20, y: 2)])
        #expect(context.alpha(5, 2) == 255)
    }

    @Test func arcDirectionMatchesCoreGraphicsInFlippedSpace() {
        // clockwise: false sweeps with increasing angle: from 3 o'clock down to 6 o'clock,
        // the bottom-right quarter on screen.
        let quarter = makeContext(width: 40, height: 40)
        quarter.move(to: CGPoint(x: 20, y: 20))
        quarter.addArc(
            center: CGPoint(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: .pi / 2,
            clockwise: false)
        quarter.closePath()
        quarter.fillPath()
        #expect(quarter.alpha(28, 28) == 255)
        #expect(
            quarter.alpha(28, 12) == 0 && quarter.alpha(12, 28) == 0 && quarter.alpha(12, 12) == 0)
        // clockwise: true goes the other way round: three quarters, all but the bottom right.
        let rest = makeContext(width: 40, height: 40)
        rest.move(to: CGPoint(x: 20, y: 20))
        rest.addArc(
            center: CGPoint(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: .pi / 2,
            clockwise: true)
        rest.closePath()
        rest.fillPath()
        #expect(rest.alpha(28, 28) == 0)
        #expect(rest.alpha(28, 12) == 255 && rest.alpha(12, 28) == 255 && rest.alpha(12, 12) == 255)
    }

    @Test func fullCircleArc() {
        let context = makeContext(width: 20, height: 20)
        context.addArc(
            center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 2 * .pi,
            clockwise: false)
        context.fillPath()
        #expect(
            context.alpha(10, 10) == 255 && context.alpha(3, 10) == 255 && context.alpha(1, 1) == 0)
    }

    @Test func tangentArcRoundsACorner() {
        let context = makeContext(width: 30, height: 30)
        context.translateBy(x: 5, y: 5)
        context.move(to: CGPoint(x: 0, y: 0))
        context.addArc(
            tangent1End: CGPoint(x: 20, y: 0), tangent2End: CGPoint(x: 20, y: 20), radius: 10)
        #expect(
            approximatelyEqual(context.currentPointOfPath, CGPoint(x: 20, y: 10), tolerance: 1e-9))
        context.addLine(to: CGPoint(x: 20, y: 20))
        context.addLine(to: CGPoint(x: 0, y: 20))
        context.closePath()
        context.fillPath()
        #expect(context.alpha(24, 6) == 0)  // the cut-off corner (user (19, 1))
        #expect(context.alpha(15, 15) == 255)
    }

    @Test func pathQueriesAreInUserSpace() {
        let context = makeContext(width: 10, height: 10)
        #expect(context.isPathEmpty && context.currentPointOfPath == .zero && context.path == nil)
        context.translateBy(x: 10, y: 10)
        context.scaleBy(x: 2, y: 2)
        context.move(to: CGPoint(x: 1, y: 2))
        context.addQuadCurve(to: CGPoint(x: 5, y: 2), control: CGPoint(x: 3, y: 6))
        #expect(!context.isPathEmpty)
        #expect(approximatelyEqual(context.currentPointOfPath, CGPoint(x: 5, y: 2)))
        #expect(
            approximatelyEqual(context.boundingBoxOfPath, CGRect(x: 1, y: 2, width: 4, height: 2)))
        let path = context.path
        #expect(path?.elements.count == 2)
        context.beginPath()
        #expect(context.isPathEmpty)
        // No current point: ignored.
        context.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        #expect(context.isPathEmpty)
        context.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0)])
        context.strokePath()
        #expect(context.isPathEmpty)
    }

    @Test func addPathIsMappedThroughTheCTM() {
        let context = makeContext(width: 20, height: 20)
        context.translateBy(x: 10, y: 10)
        context.addPath(CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)))
        context.addRects([CGRect(x: -10, y: -10, width: 2, height: 2)])
        context.drawPath(using: .fill)
        #expect(
            context.alpha(11, 11) == 255 && context.alpha(1, 1) == 255 && context.alpha(5, 5) == 0)
        #expect(context.inkedPixels().count == 20)
    }

    @Test func drawPathFillStrokeAndEvenOdd() {
        let context = makeContext(width: 30, height: 30)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.setLineWidth(2)
        context.addRect(CGRect(x: 5, y: 5, width: 20, height: 20))
        context.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        context.drawPath(using: .eoFillStroke)
        #expect(context.pixel(7, 7) == opaqueRed)
        #expect(context.pixel(15, 15) == 0)  // the even-odd hole
        #expect(context.pixel(5, 15) == opaqueBlue)  // outer stroke
        #expect(context.pixel(10, 15) == opaqueBlue)  // inner stroke
    }

    @Test func lineCapsAndJoins() {
        let butt = makeContext(width: 20, height: 10)
        butt.setLineWidth(4)
        butt.strokeLineSegments(between: [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)])
        #expect(butt.alpha(3, 5) == 0)
        let square = makeContext(width: 20, height: 10)
        square.setLineWidth(4)
        square.setLineCap(.square)
        square.strokeLineSegments(between: [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)])
        #expect(square.alpha(3, 5) == 255 && square.alpha(3, 3) == 255)
        let round = makeContext(width: 20, height: 10)
        round.setLineWidth(4)
        round.setLineCap(.round)
        round.strokeLineSegments(between: [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)])
        #expect(round.alpha(3, 5) > 150 && round.alpha(3, 3) < 128)

        func corner(_ join: CGLineJoin) -> CGContext {
            let context = makeContext(width: 30, height: 30)
            context.setLineWidth(6)
            context.setLineJoin(join)
            context.addLines(between: [
                CGPoint(x: 5, y: 25), CGPoint(x: 15, y: 10), CGPoint(x: 25, y: 25),
            ])
            context.strokePath()
            return context
        }
        // The miter tip reaches above the bevel's flat top.
        #expect(corner(.miter).alpha(15, 6) > 200)
        #expect(corner(.bevel).alpha(15, 6) == 0)
        let limited = makeContext(width: 30, height: 30)
        limited.setLineWidth(6)
        limited.setMiterLimit(1)
        limited.addLines(between: [
            CGPoint(x: 5, y: 25), CGPoint(x: 15, y: 10), CGPoint(x: 25, y: 25),
        ])
        limited.strokePath()
        #expect(limited.alpha(15, 6) == 0)
    }

    @Test func badInputNeitherCrashesNorPoisonsLaterDrawing() {
        let context = makeContext(width: 10, height: 10)
        context.move(to: CGPoint(x: CGFloat.nan, y: 1))
        context.addLine(to: CGPoint(x: 3, y: CGFloat.nan))
        context.addRect(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5))
        context.addEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5))
        context.addArc(center: .zero, radius: -5, startAngle: 0, endAngle: 1, clockwise: false)
        context.addArc(center: .zero, radius: 5, startAngle: .nan, endAngle: 1, clockwise: false)
        context.addArc(tangent1End: CGPoint(x: CGFloat.nan, y: 0), tangent2End: .zero, radius: 3)
        context.addCurve(
            to: CGPoint(x: 1, y: 1), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
        context.fillPath()
        context.translateBy(x: .nan, y: 0)
        context.scaleBy(x: .infinity, y: 1)
        context.rotate(by: .nan)
        context.setLineWidth(.nan)
        context.setLineWidth(-3)
        context.setMiterLimit(.nan)
        context.setLineDash(phase: .nan, lengths: [-1, .nan])
        context.setLineDash(phase: 0, lengths: [0, 0])
        context.setAlpha(.nan)
        context.setFillColor(red: .nan, green: 0, blue: 0, alpha: 1)
        context.move(to: CGPoint(x: 0, y: 0))
        context.addLine(to: CGPoint(x: 1e300, y: 1e300))
        context.addLine(to: CGPoint(x: -1e300, y: 5))
        context.strokePath()
        context.fill(CGRect(x: 1e20, y: -1e20, width: 1e30, height: 1e30))
        context.clear(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.clip(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        context.draw(
            CGImage(copying: PixelBuffer(width: 1, height: 1, format: .xrgb8888)),
            in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 0))
        #expect(context.ctm == .identity)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(context.pixel(1, 1) == opaqueRed)
        context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.setLineWidth(2)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 8), CGPoint(x: 10, y: 8)])
        #expect(context.pixel(5, 8) == opaqueBlue && context.pixel(5, 7) == opaqueBlue)
    }
}

@Suite struct CGContextImageTests {
    /// A 4x4 image: top half red, bottom half blue, with a green pixel at the top left.
    func makeImage() -> CGImage {
        let buffer = PixelBuffer(width: 4, height: 4, format: .argb8888Premultiplied)
        for y in 0..<4 {
            for x in 0..<4 { buffer.setPixel(x: x, y: y, y < 2 ? opaqueRed : opaqueBlue) }
        }
        buffer.setPixel(x: 0, y: 0, 0xff00_ff00)
        return CGImage(copying: buffer)
    }

    @Test func imageIsDrawnUpright() {
        let context = makeContext(width: 20, height: 20)
        context.interpolationQuality = .none
        context.draw(makeImage(), in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(context.pixel(10, 2) == opaqueRed)
        #expect(context.pixel(10, 17) == opaqueBlue)
        #expect(context.pixel(2, 2) == 0xff00_ff00)  // the first row's first pixel at the top left
        #expect(context.pixel(17, 2) == opaqueRed)
    }

    @Test func imageIsPlacedScaledAndClippedToItsRect() {
        let context = makeContext(width: 20, height: 20)
        context.translateBy(x: 2, y: 2)
        context.draw(makeImage(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(context.pixel(1, 1) == 0)
        #expect(context.pixel(10, 10) == 0)
        #expect(context.pixel(2, 2) == 0xff00_ff00)
        #expect(context.pixel(8, 9) == opaqueBlue)
        #expect(context.inkedPixels().count == 64)
    }

    @Test func imageRespectsAlphaAndTiling() {
        let context = makeContext(width: 16, height: 8)
        context.setAlpha(0.5)
        context.interpolationQuality = .none
        context.draw(makeImage(), in: CGRect(x: 0, y: 0, width: 4, height: 4), byTiling: true)
        #expect(abs(context.alpha(5, 0) - 128) <= 1)  // tiled: second tile, red row
        #expect(abs(context.alpha(13, 6) - 128) <= 1)  // fourth tile, blue row
        #expect(context.pixel(4, 0) >> 8 & 0xff > 100)  // the green pixel repeats at (4, 0)
    }

    @Test func interpolationQualityChoosesTheFilter() {
        let buffer = PixelBuffer(width: 2, height: 1, format: .argb8888Premultiplied)
        buffer.setPixel(x: 0, y: 0, opaqueRed)
        buffer.setPixel(x: 1, y: 0, opaqueBlue)
        let image = CGImage(copying: buffer)
        let nearest = makeContext(width: 20, height: 1)
        nearest.interpolationQuality = .none
        #expect(nearest.interpolationQuality == .none)
        nearest.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 1))
        #expect(nearest.pixel(9, 0) == opaqueRed && nearest.pixel(10, 0) == opaqueBlue)
        let smooth = makeContext(width: 20, height: 1)
        smooth.saveGState()
        smooth.interpolationQuality = .none
        smooth.restoreGState()
        #expect(smooth.interpolationQuality == .default)
        smooth.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 1))
        let blended = smooth.pixel(9, 0)
        // Both red and blue contribute.
        #expect(blended >> 16 & 0xff > 0 && blended & 0xff > 0)
    }

    @Test func makeImageSnapshotsThePixels() throws {
        let context = makeContext(width: 4, height: 4)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = try #require(context.makeImage())
        context.clear(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(image.pixel(x: 0, y: 0) == 0xff00_0000)
        #expect(context.pixel(0, 0) == 0)
    }
}
