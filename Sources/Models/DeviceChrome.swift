import Geometry
import LayerTree
import SceneSchema

/// What the phone and the recording tool draw over every preview: the touch disc, the status bar and the home
/// indicator.
public enum DeviceChrome {
    /// The recording tool's "show touches": systemBlue, pressed (in `recorder`'s opacity) or lifting (`TouchMark`).
    public static func touchDisc(_ mark: TouchMark, recorder: TouchRecorder = .swipeCellKit) -> Layer {
        var disc = Layer.circle(name: "touch", center: mark.center, diameter: 2 * mark.radius)
        disc.backgroundColor = Color(red: 0, green: 122.0 / 255, blue: 1, alpha: mark.isPressed ? recorder.pressedAlpha : mark.alpha)
        return disc
    }

    /// The recorder's trail (oldest first) under the finger's disc, if any.
    public static func touchDiscs(_ mark: TouchMark?, trail: [TouchMark], recorder: TouchRecorder) -> [Layer] {
        (trail + (mark.map { [$0] } ?? [])).map { touchDisc($0, recorder: recorder) }
    }

    /// The pressed disc under a finger at `p`.
    public static func touchDisc(at p: Point, recorder: TouchRecorder) -> Layer { touchDisc(.pressed(at: p), recorder: recorder) }

    /// The home indicator, centred, its top 12.9 pt above the screen's bottom edge.
    public static func homeIndicator(on canvas: Canvas, style: HomeIndicatorStyle = .dark) -> Layer {
        homeIndicator(centerX: canvas.width / 2, top: canvas.height - 12.9, style: style)
    }

    /// The home indicator's bar in the look `style` names, centred on `centerX` with its top at `top` (a layer's
    /// space). Both looks are 139 pt wide (154.6…325.5 px of every 480-px recording; 139 pt at 320 and 400 px
    /// too); the black bar is 4.2 pt tall, the gray one 5.1 (row coverage summed across the bar: 5.15 and 6.33 px,
    /// both from 831.1 pt).
    public static func homeIndicator(centerX: Double, top: Double, style: HomeIndicatorStyle) -> Layer {
        let height = style == .dark ? 4.2 : 5.1
        var bar = Layer(name: "home-indicator", frame: Rect(centerX - 69.5, top, 139, height))
        switch style {
        case .dark:
            bar.backgroundColor = .black
        case .gray:
            bar.contents = .gradient(LinearGradient(colors: HomeIndicatorStyle.grayShades, locations: [0, 0.25, 1]))
        }
        bar.cornerRadius = height / 2
        return bar
    }

    /// The status bar as every recording shows it (the swipe, flow and MiniTimer ones alike, measured at 480 and
    /// 400 px for 390 pt), black over the light bars and the mint ones alike: the clock centred at x 52, its
    /// digits 12.2 pt tall on y 18.7…30.9, four dots where the signal bars would be (no SIM: black at 0.2, 2.6 pt,
    /// centres 4.65 pt apart from x 303.7), the wifi glyph on x 325…341 and the battery on 346.6…372, for a
    /// screen `width` wide. Named as NavigationPush keeps them put while the screens move.
    public static func statusBar(time: String, width: Double) -> [Layer] {
        var clock = TextContents(time, weight: .semibold, size: 15.5, color: .black)
        clock.alignment = .center
        clock.verticalAlignment = .firstBaseline(30.6)
        var timeLayer = Layer(name: "time", frame: Rect(16, 0, 72, 40))
        timeLayer.contents = .text(clock)
        var dots = Layer(name: "signal", frame: Rect(width - 87.6, 27.55, 16.6, 2.6))
        dots.sublayers = (0..<4).map { k in
            var dot = Layer(name: "dot", frame: Rect(4.65 * Double(k), 0, 2.6, 2.6))
            dot.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
            dot.cornerRadius = 1.3
            return dot
        }
        var wifi = Layer(name: "wifi", frame: Rect(width - 66.4, 13.8, 20, 22))
        wifi.contents = .glyph(GlyphContents(.wifi, size: 15, color: .black))
        return [timeLayer, dots, wifi, battery(origin: Point(width - 43.4, 18.8))]
    }

    /// The status bar battery: a rounded 22 × 11.7 body outlined in black at 0.4 with a full black level and the
    /// cap on its right (the recordings' at 480 px: body 346.6…368.5 pt, level inset 2, cap 1.9 × 4 pt).
    private static func battery(origin: Point) -> Layer {
        let outline = Color(red: 0, green: 0, blue: 0, alpha: 0.4)
        var battery = Layer(name: "battery", frame: Rect(origin.x, origin.y, 22, 11.7))
        battery.borderWidth = 1
        battery.borderColor = outline
        battery.cornerRadius = 3.5
        var level = Layer(name: "level", frame: Rect(2, 2, 18, 7.7))
        level.backgroundColor = .black
        level.cornerRadius = 1.5
        var cap = Layer(name: "cap", frame: Rect(22.8, 3.85, 1.9, 4))
        cap.backgroundColor = outline
        cap.cornerRadius = 0.8
        battery.sublayers = [level, cap]
        return battery
    }
}

/// The two looks of the home indicator in the recordings, over the same white toolbar or list. iOS picks the look
/// from what lies under the bar and from the app's state, which a scene does not model, so a scene names it.
public enum HomeIndicatorStyle: String, CaseIterable, Sendable {
    /// Black (ExpansionStyle_None and _Selecton, ExpansionStyle_Fill+Delete to 1.8 s). VegaStyle_Reverse from
    /// 4.53 s shows a third look, a darker gray (36 to 49 top to bottom), which neither draws.
    case dark
    /// Mid gray, darkest a quarter of the way down (VegaStyle, VegaStyle_Reverse to 4.53 s, both MiniTimer
    /// recordings, ExpansionStyle_Fill and _FillReverse, ExpansionStyle_Fill+Delete from 1.8 s).
    case gray

    /// The gray bar top to bottom at 0, 0.25 and 1 of its height: fitted to the mean of its rows over the middle
    /// of the bar in five recordings (92, 84, 94, 102, 109 and 116 on the six rows it covers at 480 px), which
    /// it follows within 2 levels.
    static let grayShades = [95.0, 84, 120].map { Color(red: $0 / 255, green: $0 / 255, blue: $0 / 255) }
}

extension Field {
    /// The home indicator's look, for the kinds that draw it.
    public static func homeIndicator(_ keyPath: WritableKeyPath<Root, HomeIndicatorStyle>) -> Field {
        Field("homeIndicator", keyPath, .choice(), owner: .preview,
              doc: "the home indicator's look: black, or the mid gray most recordings show")
    }
}
