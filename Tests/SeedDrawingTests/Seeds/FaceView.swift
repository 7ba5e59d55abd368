// FaceView (/work/shared/seeds/003_62607d77273db57a.txt, the last and complete listing), Swift 2 as the page
// gives it on one line; its line breaks put back. Changed, and only this, to today's spelling:
// - `import UIKit` → `import CoreGraphicsRecorder` and `Foundation` (Core Graphics' names and CGFloat; UIKit's are
//   the test's layer, UIKit/, in this module);
// - `convertPoint(center, fromView: superview)` → `convert(center, from: superview)`;
// - `drawRect(rect: CGRect)` → `draw(_ rect: CGRect)`;
// - `UIColor.blueColor()` → `UIColor.blue`; `M_PI` → `Double.pi`;
// - `bezierPathForEye(whichEye:Eye)` and `bezierPathForSmile(fractionOfMaxSmile:Double)` → `_ whichEye`,
//   `_ fractionOfMaxSmile`: Swift 2 left the first argument unlabelled at the call (`bezierPathForEye(.Left)`),
//   Swift 3 and later label it unless it is declared `_`;
// - `path.moveToPoint(start)` → `path.move(to: start)`; `addCurveToPoint(end, controlPoint1:…)` →
//   `addCurve(to: end, controlPoint1:…)`;
// - `let smiliness = 0.75` in `drawRect` → a property `var smiliness: Double = 0.75` beside `lineWidth` and
//   `color`, with their `didSet`: the page invites changing that value ("当你修改smiliness的值为一个负数小数时"), and
//   the test sets it as it sets the others.
import CoreGraphicsRecorder
import Foundation

class FaceView: UIView {
    var lineWidth: CGFloat = 3 { didSet { setNeedsDisplay() } }
    var color: UIColor = UIColor.blue { didSet { setNeedsDisplay() } }
    var smiliness: Double = 0.75 { didSet { setNeedsDisplay() } }
    var faceCenter: CGPoint { return convert(center, from: superview) }
    private struct Scaling {
        static let FaceRadiusToEyeRadiusRatio: CGFloat = 10
        static let FaceRadiusToEyeOffsetRatio: CGFloat = 3
        static let FaceRadiusToEyeSeparationRatio: CGFloat = 1.5
        static let FaceRadiusToMouthWidthRatio: CGFloat = 1
        static let FaceRadiusToMouthHeightRatio: CGFloat = 3
        static let FaceRadiusToMouthOffsetRatio: CGFloat = 3
    }
    private enum Eye { case Left, Right } //左右眼
    //绘制眼睛
    private func bezierPathForEye(_ whichEye: Eye) -> UIBezierPath {
        let eyeRadius = faceRadius / Scaling.FaceRadiusToEyeRadiusRatio
        let eyeVerticalOffset = faceRadius / Scaling.FaceRadiusToEyeOffsetRatio
        let eyeHorizonTalSeparation = faceRadius / Scaling.FaceRadiusToEyeSeparationRatio
        var eyeCenter = faceCenter
        eyeCenter.y -= eyeVerticalOffset
        switch whichEye {
        case .Left: eyeCenter.x -= eyeHorizonTalSeparation / 2
        case .Right: eyeCenter.x += eyeHorizonTalSeparation / 2
        }
        let path = UIBezierPath(arcCenter: eyeCenter, radius: eyeRadius, startAngle: 0, endAngle: CGFloat(2 * Double.pi), clockwise: true)
        path.lineWidth = lineWidth
        return path
    }
    //参数范围-1到1,正数表示开心,负数表示伤心
    private func bezierPathForSmile(_ fractionOfMaxSmile: Double) -> UIBezierPath {
        let mouthWidth = faceRadius / Scaling.FaceRadiusToMouthWidthRatio
        let mouthHeight = faceRadius / Scaling.FaceRadiusToMouthHeightRatio
        let mouthVertiaclOffset = faceRadius / Scaling.FaceRadiusToMouthOffsetRatio
        let smileHeight = CGFloat(max(min(fractionOfMaxSmile, 1), -1)) * mouthHeight //这种写法保证了 -1到1的范围
        //设置四个点,开始结束和拐点,可以靠这四点绘制一条弧线
        let start = CGPoint(x: faceCenter.x - mouthWidth / 2, y: faceCenter.y + mouthVertiaclOffset)
        let end = CGPoint(x: start.x + mouthWidth, y: start.y)
        let cp1 = CGPoint(x: start.x + mouthWidth / 3, y: start.y + smileHeight)
        let cp2 = CGPoint(x: end.x - mouthWidth / 3, y: cp1.y)
        let path = UIBezierPath()
        path.move(to: start)
        path.addCurve(to: end, controlPoint1: cp1, controlPoint2: cp2)
        path.lineWidth = lineWidth
        return path
    }
    var faceRadius: CGFloat { return min(bounds.size.width, bounds.size.height) / 2 * 0.90 }
    override func draw(_ rect: CGRect) {
        let facePath = UIBezierPath(arcCenter: faceCenter, radius: faceRadius, startAngle: 0, endAngle: CGFloat(2 * Double.pi), clockwise: true)
        facePath.lineWidth = lineWidth
        color.set()
        facePath.stroke()
        bezierPathForEye(.Left).stroke()
        bezierPathForEye(.Right).stroke()
        let smilePath = bezierPathForSmile(smiliness)
        smilePath.stroke()
    }
}
