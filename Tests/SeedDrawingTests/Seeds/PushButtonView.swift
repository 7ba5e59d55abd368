// PushButtonView, the Flo tutorial part 1 (/work/shared/seeds/000_fd48118d1eeb7568.txt, "完整的PushButtonView"),
// its drawing code as written there. Changed, and only this, from Swift 2 to today's spelling:
// - `import UIKit` → `import CoreGraphicsRecorder` and `Foundation` (Core Graphics' names and CGFloat; UIKit's are
//   the test's layer, UIKit/, in this module);
// - `drawRect(rect: CGRect)` → `draw(_ rect: CGRect)`;
// - `UIBezierPath(ovalInRect:)` → `UIBezierPath(ovalIn:)`;
// - `moveToPoint(_:)` → `move(to:)`, `addLineToPoint(_:)` → `addLine(to:)`;
// - `UIColor.greenColor()` → `UIColor.green`, `UIColor.whiteColor()` → `UIColor.white`;
// - `var path`, `var plusPath` → `let` (never reassigned; Swift now warns).
import CoreGraphicsRecorder
import Foundation

@IBDesignable
class PushButtonView: UIButton {

    @IBInspectable var fillColor: UIColor = UIColor.green
    @IBInspectable var isAddButton: Bool = true

    override func draw(_ rect: CGRect) {

        let path = UIBezierPath(ovalIn: rect)
        fillColor.setFill()
        path.fill()

        //set up the width and height variables
        //for the horizontal stroke
        let plusHeight: CGFloat = 3.0
        let plusWidth: CGFloat = min(bounds.width, bounds.height) * 0.6

        //create the path
        let plusPath = UIBezierPath()

        //set the path's line width to the height of the stroke
        plusPath.lineWidth = plusHeight

        //move the initial point of the path
        //to the start of the horizontal stroke
        plusPath.move(
            to: CGPoint(
                x: bounds.width / 2 - plusWidth / 2 + 0.5,
                y: bounds.height / 2 + 0.5))

        //add a point to the path at the end of the stroke
        plusPath.addLine(
            to: CGPoint(
                x: bounds.width / 2 + plusWidth / 2 + 0.5,
                y: bounds.height / 2 + 0.5))

        //Vertical Line
        if isAddButton {
            //move to the start of the vertical stroke
            plusPath.move(
                to: CGPoint(
                    x: bounds.width / 2 + 0.5,
                    y: bounds.height / 2 - plusWidth / 2 + 0.5))

            //add the end point to the vertical stroke
            plusPath.addLine(
                to: CGPoint(
                    x: bounds.width / 2 + 0.5,
                    y: bounds.height / 2 + plusWidth / 2 + 0.5))
        }

        //set the stroke color
        UIColor.white.setStroke()

        //draw the stroke
        plusPath.stroke()

    }

}
