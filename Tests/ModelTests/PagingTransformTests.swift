import Geometry
import LayerTree
import XCTest
@testable import BuiltInKinds
@testable import Models

/// Every scale and stack preset at progress −1.5, −0.5, 0, 0.3, 1 and 2.2, on the Shapes card (264.96 × 502.48
/// pt), against numbers computed apart from the Swift code: scripts/paging_expectations.py transcribes the
/// library's formulas a second time with plain 4×4 matrices and printed the table below. Two rows worked by
/// hand, as a check on the script itself:
/// - scale "blur" at progress 1: scale = 1 − 1 × 0.4 = 0.6; keepHorizontalSpacingEqual moves it back by
///   (1 − 0.6) × 264.96 / 2 = 52.992 (negated for progress > 0), so tx = 264.96 × 0.66 + 52.992 = 227.8656;
///   ty = 502.48 × 0.2 − (1 − 0.6) × 502.48 / 2 = 0 (maxTranslationRatio.y is 0 as well).
/// - stack "transparent" at progress 1: scale = 1 − 0.12 = 0.88; y adjustment ((0.88 − 1) × 502.48 / 2) ×
///   −(−1) = −30.1488, spacing 502.48 × 0.03 × −1 × −(−1) = −15.0744, so ty = −45.2232; alpha = 1 − 1 × 0.2 = 0.8.
final class PagingTransformTests: XCTestCase {
    static let card = Size(264.96, 502.48)

    static let expected: [(String, String, Double, [Double], Double, Int)] = [
        // scale blur
        ("scale", "blur", -1.5, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -315.3024, 0.0, 0.0, 1.0], 1.0, -2),
        ("scale", "blur", -0.5, [0.8, 0.0, 0.0, 0.0, 0.0, 0.8, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -113.9328, 0.0, 0.0, 1.0], 1.0, -1),
        ("scale", "blur", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("scale", "blur", 0.3, [0.88, 0.0, 0.0, 0.0, 0.0, 0.88, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 68.35968, 0.0, 0.0, 1.0], 1.0, 0),
        ("scale", "blur", 1, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 227.8656, 0.0, 0.0, 1.0], 1.0, -1),
        ("scale", "blur", 2.2, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 437.71392, 0.0, 0.0, 1.0], 1.0, -2),
        // scale linear
        ("scale", "linear", -1.5, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -315.3024, 0.0, 0.0, 1.0], 1.0, -2),
        ("scale", "linear", -0.5, [0.8, 0.0, 0.0, 0.0, 0.0, 0.8, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -113.9328, 0.0, 0.0, 1.0], 1.0, -1),
        ("scale", "linear", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("scale", "linear", 0.3, [0.88, 0.0, 0.0, 0.0, 0.0, 0.88, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 68.35968, 0.0, 0.0, 1.0], 1.0, 0),
        ("scale", "linear", 1, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 227.8656, 0.0, 0.0, 1.0], 1.0, -1),
        ("scale", "linear", 2.2, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 437.71392, 0.0, 0.0, 1.0], 1.0, -2),
        // scale easeIn
        ("scale", "easeIn", -1.5, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -315.3024, 50.248, 0.0, 1.0], 1.0, -2),
        ("scale", "easeIn", -0.5, [0.703854924, 0.0, 0.0, 0.0, 0.0, 0.703854924, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -126.670099642, -24.155488843, 0.0, 1.0], 1.0, -1),
        ("scale", "easeIn", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("scale", "easeIn", 0.3, [0.77271931, 0.0, 0.0, 0.0, 0.0, 0.77271931, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 82.572225762, -26.953200462, 0.0, 1.0], 1.0, 0),
        ("scale", "easeIn", 1, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 227.8656, 0.0, 0.0, 1.0], 1.0, -1),
        ("scale", "easeIn", 2.2, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 437.71392, 120.5952, 0.0, 1.0], 1.0, -2),
        // scale easeOut
        ("scale", "easeOut", -1.5, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -256.084603476, 16.216838753, 0.0, 1.0], 1.0, -2),
        ("scale", "easeOut", -0.5, [0.8, 0.0, 0.0, 0.0, 0.0, 0.8, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -155.965888818, 24.155488843, 0.0, 1.0], 1.0, -1),
        ("scale", "easeOut", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("scale", "easeOut", 0.3, [0.88, 0.0, 0.0, 0.0, 0.0, 0.88, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 115.261081014, 26.953200462, 0.0, 1.0], 1.0, 0),
        ("scale", "easeOut", 1, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 227.8656, 0.0, 0.0, 1.0], 1.0, -1),
        ("scale", "easeOut", 2.2, [0.6, 0.0, 0.0, 0.0, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 283.486480413, 31.96409291, 0.0, 1.0], 1.0, -2),
        // scale rotary
        ("scale", "rotary", -1.5, [0.380422607, -0.123606798, 0.0, 0.0, 0.123606798, 0.380422607, 0.0, 0.0, 0.0, 0.0, 1.0, -0.004, -245.991153101, 72.886869826, -79.488, 1.317952], 1.0, -2),
        ("scale", "rotary", -0.5, [0.795617516, -0.083622771, 0.0, 0.0, 0.083622771, 0.795617516, 0.0, 0.0, 0.0, 0.0, 1.0, -0.004, -132.506129214, 29.959604665, -79.488, 1.317952], 1.0, -1),
        ("scale", "rotary", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, -0.004, 0.0, 0.0, -79.488, 1.317952], 1.0, 0),
        ("scale", "rotary", 0.3, [0.878263521, 0.055255657, 0.0, 0.0, -0.055255657, 0.878263521, 0.0, 0.0, 0.0, 0.0, 1.0, -0.004, 85.843723804, 17.192241132, -79.488, 1.317952], 1.0, 0),
        ("scale", "rotary", 1, [0.58688856, 0.124747014, 0.0, 0.0, -0.124747014, 0.58688856, 0.0, 0.0, 0.0, 0.0, 1.0, -0.004, 213.171505693, 59.237648449, -79.488, 1.317952], 1.0, -1),
        ("scale", "rotary", 2.2, [0.107485411, 0.053356222, 0.0, 0.0, -0.053356222, 0.107485411, 0.0, 0.0, 0.0, 0.0, 1.0, -0.004, 225.364386907, 39.873822885, -79.488, 1.317952], 1.0, -2),
        // scale cylinder
        ("scale", "cylinder", -1.5, [0.210475888, 0.0, 0.923879533, -0.000517373, 0.0, 0.55, 0.0, 0.0, -0.508133743, 0.0, 0.382683432, -0.000214303, -168.293895642, 0.0, 126.744752799, 0.929022938], 1.0, -2),
        ("scale", "cylinder", -0.5, [0.508133743, 0.0, 0.382683432, -0.000214303, 0.0, 0.55, 0.0, 0.0, -0.210475888, 0.0, 0.923879533, -0.000517373, -69.70961404, 0.0, 305.988901168, 0.828646215], 1.0, -1),
        ("scale", "cylinder", 0, [0.55, 0.0, 0.0, 0.0, 0.0, 0.55, 0.0, 0.0, 0.0, 0.0, 1.0, -0.00056, 0.0, 0.0, 331.2, 0.814528], 1.0, 0),
        ("scale", "cylinder", 0.3, [0.534803456, 0.0, -0.233445364, 0.000130729, 0.0, 0.55, 0.0, 0.0, 0.12839495, 0.0, 0.97236992, -0.000544527, 42.52440748, 0.0, 322.048917636, 0.819652606], 1.0, 0),
        ("scale", "cylinder", 1, [0.38890873, 0.0, -0.707106781, 0.00039598, 0.0, 0.55, 0.0, 0.0, 0.38890873, 0.0, 0.707106781, -0.00039598, 128.806571261, 0.0, 234.193765929, 0.868851491], 1.0, -1),
        ("scale", "cylinder", 2.2, [-0.086038956, 0.0, -0.987688341, 0.000553105, 0.0, 0.55, 0.0, 0.0, 0.543228587, 0.0, -0.156434465, 8.7603e-05, 179.917308123, 0.0, -51.811094821, 1.029014213], 1.0, -2),
        // scale invertedCylinder
        ("scale", "invertedCylinder", -1.5, [0.0, 0.0, -1.0, 0.002, 0.0, 1.2, 0.0, 0.0, 1.2, 0.0, 0.0, 0.0, -273.43872, 0.0, 13.248, 0.973504], 1.0, -2),
        ("scale", "invertedCylinder", -0.5, [1.039230485, 0.0, -0.5, 0.001, 0.0, 1.2, 0.0, 0.0, 0.6, 0.0, 0.866025404, -0.001732051, -150.487085459, 0.0, -190.713398249, 1.381426796], 1.0, -1),
        ("scale", "invertedCylinder", 0, [1.2, 0.0, 0.0, 0.0, 0.0, 1.2, 0.0, 0.0, 0.0, 0.0, 1.0, -0.002, 0.0, 0.0, -227.8656, 1.4557312], 1.0, 0),
        ("scale", "invertedCylinder", 0.3, [1.14126782, 0.0, 0.309016994, -0.000618034, 0.0, 1.2, 0.0, 0.0, -0.370820393, 0.0, 0.951056516, -0.001902113, 93.568921044, 0.0, -214.256749435, 1.428513499], 1.0, 0),
        ("scale", "invertedCylinder", 1, [0.6, 0.0, 0.866025404, -0.001732051, 0.0, 1.2, 0.0, 0.0, -1.039230485, 0.0, 0.5, -0.001, 244.753677898, 0.0, -102.459695451, 1.204919391], 1.0, -1),
        ("scale", "invertedCylinder", 2.2, [-0.802956728, 0.0, 0.743144825, -0.00148629, 0.0, 1.2, 0.0, 0.0, -0.891773791, 0.0, -0.669130606, 0.001338261, 192.566999126, 0.0, 162.317029744, 0.675365941], 1.0, -2),
        // scale coverFlow
        ("scale", "coverFlow", -1.5, [0.35, 0.0, -0.866025404, 0.000433013, 0.0, 0.7, 0.0, 0.0, 0.606217783, 0.0, 0.5, -0.00025, -177.928236875, 0.0, -116.157790901, 1.058078895], 1.0, -2),
        ("scale", "coverFlow", -0.5, [0.406039837, 0.0, -0.814575952, 0.000407288, 0.0, 0.7, 0.0, 0.0, 0.570203166, 0.0, 0.58005691, -0.000290028, -58.257576599, 0.0, -43.000655353, 1.021500328], 1.0, -1),
        ("scale", "coverFlow", 0, [0.7, 0.0, 0.0, 0.0, 0.0, 0.7, 0.0, 0.0, 0.0, 0.0, 1.0, -0.0005, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("scale", "coverFlow", 0.3, [0.588877473, 0.0, 0.540640817, -0.00027032, 0.0, 0.7, 0.0, 0.0, -0.378448572, 0.0, 0.841253533, -0.000420627, 25.738353333, 0.0, -42.511246843, 1.021255623], 1.0, 0),
        ("scale", "coverFlow", 1, [0.35, 0.0, 0.866025404, -0.000433013, 0.0, 0.7, 0.0, 0.0, -0.606217783, 0.0, 0.5, -0.00025, 121.710024583, 0.0, -69.789790901, 1.034894895], 1.0, -1),
        ("scale", "coverFlow", 2.2, [0.35, 0.0, 0.866025404, -0.000433013, 0.0, 0.7, 0.0, 0.0, -0.606217783, 0.0, 0.5, -0.00025, 256.633734084, 0.0, -181.072990901, 1.090536495], 1.0, -2),
        // stack transparent
        ("stack", "transparent", -1.5, [0.951056516, -0.309016994, 0.0, 0.0, 0.309016994, 0.951056516, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -576.288, 226.116, 0.0, 1.0], 0.0, 2),
        ("stack", "transparent", -0.5, [0.987688341, -0.156434465, 0.0, 0.0, 0.156434465, 0.987688341, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -192.096, 75.372, 0.0, 1.0], 1.0, 1),
        ("stack", "transparent", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("stack", "transparent", 0.3, [0.964, 0.0, 0.0, 0.0, 0.0, 0.964, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, -13.56696, 0.0, 1.0], 0.94, 0),
        ("stack", "transparent", 1, [0.88, 0.0, 0.0, 0.0, 0.0, 0.88, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, -45.2232, 0.0, 1.0], 0.8, -1),
        ("stack", "transparent", 2.2, [0.736, 0.0, 0.0, 0.0, 0.0, 0.736, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, -99.49104, 0.0, 1.0], 0.56, -2),
        // stack perspective
        ("stack", "perspective", -1.5, [0.951056516, -0.309016994, 0.0, 0.0, 0.309016994, 0.951056516, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -576.288, 226.116, 0.0, 1.0], 0.0, 2),
        ("stack", "perspective", -0.5, [0.987688341, -0.156434465, 0.0, 0.0, 0.156434465, 0.987688341, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -192.096, 75.372, 0.0, 1.0], 1.0, 1),
        ("stack", "perspective", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("stack", "perspective", 0.3, [0.97, 0.0, 0.0, 0.0, 0.0, 0.97, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 8.743948, 0.0, 0.0, 1.0], 1.0, 0),
        ("stack", "perspective", 1, [0.9, 0.0, 0.0, 0.0, 0.0, 0.9, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 28.834451567, 0.0, 0.0, 1.0], 1.0, -1),
        ("stack", "perspective", 2.2, [0.78, 0.0, 0.0, 0.0, 0.0, 0.78, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 61.953593917, 0.0, 0.0, 1.0], 1.0, -2),
        // stack rotary
        ("stack", "rotary", -1.5, [0.675286976, -0.675286976, 0.0, 0.0, 0.675286976, 0.675286976, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -576.288, 312.7938, 0.0, 1.0], 0.0, 2),
        ("stack", "rotary", -0.5, [0.91002134, -0.376943181, 0.0, 0.0, 0.376943181, 0.91002134, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -192.096, 104.2646, 0.0, 1.0], 1.0, 1),
        ("stack", "rotary", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("stack", "rotary", 0.3, [0.99826561, 0.058870804, 0.0, 0.0, -0.058870804, 0.99826561, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.50744, 0.0, 1.0], 0.97, 0),
        ("stack", "rotary", 1, [0.98078528, 0.195090322, 0.0, 0.0, -0.195090322, 0.98078528, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 5.0248, 0.0, 1.0], 0.9, -1),
        ("stack", "rotary", 2.2, [0.993068457, -0.117537397, 0.0, 0.0, 0.117537397, 0.993068457, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 11.05456, 0.0, 1.0], 0.557777778, -2),
        // stack vortex
        ("stack", "vortex", -1.5, [-0.775, 0.0, 0.0, 0.0, 0.0, -0.775, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 56.529, 0.0, 1.0], 0.0, 2),
        ("stack", "vortex", -0.5, [0.0, -0.925, 0.0, 0.0, 0.925, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 18.843, 0.0, 1.0], 0.5, 1),
        ("stack", "vortex", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("stack", "vortex", 0.3, [1.045, 0.0, 0.0, 0.0, 0.0, 1.045, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, -6.730544809, 0.0, 1.0], 0.88, 0),
        ("stack", "vortex", 1, [1.15, 0.0, 0.0, 0.0, 0.0, 1.15, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, -20.998895843, 0.0, 1.0], 0.6, -1),
        ("stack", "vortex", 2.2, [1.33, 0.0, 0.0, 0.0, 0.0, 1.33, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, -38.182155503, 0.0, 1.0], 0.12, -2),
        // stack reverse
        ("stack", "reverse", -1.5, [0.85, 0.0, 0.0, 0.0, 0.0, 0.85, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -51.6672, -19.59672, 0.0, 1.0], 1.0, -2),
        ("stack", "reverse", -0.5, [0.95, 0.0, 0.0, 0.0, 0.0, 0.95, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -17.2224, -6.53224, 0.0, 1.0], 1.0, -1),
        ("stack", "reverse", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("stack", "reverse", 0.3, [1.001541018, 0.240448725, 0.0, 0.0, -0.240448725, 1.001541018, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 119.232, 61.80504, 0.0, 1.0], 1.0, 0),
        ("stack", "reverse", 1, [0.777817459, 0.777817459, 0.0, 0.0, -0.777817459, 0.777817459, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 397.44, 206.0168, 0.0, 1.0], 0.0, 1),
        ("stack", "reverse", 2.2, [0.862670273, 0.862670273, 0.0, 0.0, -0.862670273, 0.862670273, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 874.368, 453.23696, 0.0, 1.0], 0.0, 2),
        // stack blur
        ("stack", "blur", -1.5, [0.85, 0.0, 0.0, 0.0, 0.0, 0.85, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -42.732223202, 0.0, 0.0, 1.0], 1.0, -2),
        ("stack", "blur", -0.5, [0.95, 0.0, 0.0, 0.0, 0.0, 0.95, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -14.266964727, 0.0, 0.0, 1.0], 1.0, -1),
        ("stack", "blur", 0, [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 1.0, 0),
        ("stack", "blur", 0.3, [1.001541018, 0.240448725, 0.0, 0.0, -0.240448725, 1.001541018, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 119.232, 60.2976, 0.0, 1.0], 1.0, 0),
        ("stack", "blur", 1, [0.777817459, 0.777817459, 0.0, 0.0, -0.777817459, 0.777817459, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 397.44, 200.992, 0.0, 1.0], 0.0, 1),
        ("stack", "blur", 2.2, [0.862670273, 0.862670273, 0.0, 0.0, -0.862670273, 0.862670273, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 874.368, 442.1824, 0.0, 1.0], 0.0, 2),
    ]

    func testEveryPresetMatchesTheLibrarysFormulas() {
        XCTAssertEqual(Self.expected.count, 14 * 6)
        for (kind, name, progress, matrix, alpha, zIndex) in Self.expected {
            let page: PageTransform
            if kind == "scale" {
                page = ScaleOptions.preset(ScaleOptions.Preset(rawValue: name)!).transform(progress: progress, size: Self.card)
            } else {
                page = StackOptions.preset(StackOptions.Preset(rawValue: name)!).transform(progress: progress, size: Self.card)
            }
            let label = "\(kind) \(name) at \(progress)"
            for (got, want) in zip(page.transform.values, matrix) {
                XCTAssertEqual(got, want, accuracy: 1e-6, "\(label): \(page.transform) against \(matrix)")
            }
            XCTAssertEqual(page.alpha, alpha, accuracy: 1e-9, label)
            XCTAssertEqual(page.zIndex, zIndex, label)
        }
    }

    func testHandWorkedRows() {
        let blur = ScaleOptions.preset(.blur).transform(progress: 1, size: Self.card)
        XCTAssertEqual(blur.affine.a, 0.6, accuracy: 1e-12)
        XCTAssertEqual(blur.affine.tx, 227.8656, accuracy: 1e-9)
        XCTAssertEqual(blur.affine.ty, 0, accuracy: 1e-9)
        XCTAssertEqual(blur.blur?.fraction ?? -1, 0.2, accuracy: 1e-12, "blurEffectRadiusRatio × |progress|")
        let transparent = StackOptions.preset(.transparent).transform(progress: 1, size: Self.card)
        XCTAssertEqual(transparent.affine.a, 0.88, accuracy: 1e-12)
        XCTAssertEqual(transparent.affine.tx, 0, accuracy: 1e-9)
        XCTAssertEqual(transparent.affine.ty, -45.2232, accuracy: 1e-9)
        XCTAssertEqual(transparent.alpha, 0.8, accuracy: 1e-12)
    }

    /// The cylinder's cards stand on a circle: pushed 1.25 widths towards the viewer, then turned a quarter of
    /// π per page; a card turned past a right angle shows its back and, single-sided, is not drawn.
    func testCylinderIsSingleSided() {
        let options = ScaleOptions.preset(.cylinder)
        XCTAssertFalse(options.transform(progress: 3, size: Self.card).isDoubleSided)
        XCTAssertEqual(options.transform(progress: 0, size: Self.card).transform.m43, 1.25 * Self.card.width, accuracy: 1e-9)
    }

    /// The library's easeOut curve is a logarithm whose argument turns negative past 10/9: NaN, as on iOS.
    func testEaseOutPastItsDomainIsNotFinite() {
        XCTAssertTrue(PagingCurve.easeOut(2).isNaN)
        XCTAssertEqual(PagingCurve.easeOut(1), 1, accuracy: 1e-12)
        XCTAssertEqual(PagingCurve.easeIn(1), 1, accuracy: 1e-12)
    }

    /// layoutAttributesForElements' window: all items without numberOfVisibleItems; ten around the current
    /// page with it, shifted to stay inside the items.
    func testVisibleItems() {
        let all = PagingLayout(viewSize: Size(414, 571), numberOfItems: 8)
        XCTAssertEqual(all.visibleItems(contentOffset: 414 * 1.25).map(\.index), Array(0..<8))
        XCTAssertEqual(all.visibleItems(contentOffset: 414 * 1.25).map(\.progress)[3], 1.75, accuracy: 1e-12)
        let strip = PagingLayout(viewSize: Size(414, 212), numberOfItems: 10_000, numberOfVisibleItems: 10)
        XCTAssertEqual(strip.visibleItems(contentOffset: 414 * 5000).map(\.index), Array(4995..<5005))
        XCTAssertEqual(strip.visibleItems(contentOffset: 0).map(\.index), Array(0..<10))
        let odd = PagingLayout(viewSize: Size(100, 100), numberOfItems: 20, numberOfVisibleItems: 3)
        XCTAssertEqual(odd.visibleItems(contentOffset: 500).map(\.index), [4, 5, 6])
    }

    /// isPagingEnabled: a slow release settles on the nearest page, a flick on the next one in its direction,
    /// never past the ends.
    func testPagingRelease() {
        let layout = PagingLayout(viewSize: Size(414, 571), numberOfItems: 8)
        XCTAssertEqual(layout.restingOffset(projected: 0, velocity: 100, releasedAt: 414 * 1.4), 414)
        XCTAssertEqual(layout.restingOffset(projected: 0, velocity: 900, releasedAt: 414 * 1.1), 828)
        XCTAssertEqual(layout.restingOffset(projected: 0, velocity: -900, releasedAt: 414 * 1.9), 414)
        XCTAssertEqual(layout.restingOffset(projected: 0, velocity: 900, releasedAt: 414 * 7), 414 * 7)
    }
}

/// The Shapes screen's layout strip: a tap on a neighbour's circle pages the strip there in 0.3 s, and only
/// then do the pages take that layout (the sample's didSelectItemAt completion).
final class PagingStripTests: XCTestCase {
    func scene(_ gestures: [ScrollGesture]) -> PagingScene {
        var entries = [ScaleOptions.Preset.linear, .easeIn, .easeOut].map {
            ShapesLayoutEntry(transformer: .scale(.preset($0)), title: "Scale", subtitle: $0.rawValue, icon: "", colors: [.white])
        }
        entries[0].subtitle = "Linear"
        return PagingScene(canvas: Canvas(width: 414, height: 896), framesPerSecond: 30, entries: entries, selected: 0,
                           cards: ShapeCard.demo, physics: ScrollPhysics(decelerationRate: 0.99), gestures: gestures,
                           initialPage: 0, frozenOffset: nil, showsTouches: true)
    }

    func testTapOnTheRightNeighbourSelectsTheNextLayout() {
        // The right neighbour's circle: ScaleTransformView's defaults at progress 1 move it by
        // 100 × 0.93 + (1 − 0.75) × 100 / 2 = 105.5 right and 100 × 0.36 − 12.5 = 23.5 down.
        let tap = FingerTap(point: Point(207 + 105.5, 684 + 50 + 23.5))
        let animation = scene([.wait(0.2), .tap(tap), .wait(1)]).animation()
        let first = animation.strip.state(at: 0)
        XCTAssertEqual(first.selectedPage % 3, 0)
        let middle = animation.strip.state(at: 0.3 + 0.15)
        XCTAssertEqual(middle.selectedPage, first.selectedPage, "the pages keep their layout while the strip moves")
        XCTAssertEqual(middle.contentOffset, first.contentOffset + 414 / 2, accuracy: 1e-9, "half way at half time (ease-in-out)")
        let after = animation.strip.state(at: 0.3 + 0.3 + 1e-9)
        XCTAssertEqual(after.selectedPage, first.selectedPage + 1)
        XCTAssertEqual(after.contentOffset, first.contentOffset + 414, accuracy: 1e-9)
    }

    func testTapOnTheCurrentCircleOrThePagesChangesNothing() {
        let animation = scene([.tap(FingerTap(point: Point(207, 734))), .tap(FingerTap(point: Point(207, 400))), .wait(1)]).animation()
        XCTAssertEqual(animation.strip.state(at: 1.2), animation.strip.state(at: 0))
    }
}
