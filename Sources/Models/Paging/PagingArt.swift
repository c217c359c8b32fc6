import Geometry
import LayerTree

// Vector art of the Shapes screen. TEMPORARY: shapes contents arrive with the Artwork module.
extension PagingScreen {
    func symbolContents(_ symbol: ShapeSymbol, in bounds: Rect) -> LayerContents? { nil }
    func backArrowContents(in bounds: Rect) -> LayerContents? { nil }
    func artwork(_ name: String, in bounds: Rect, tint: Color?, centered: Bool = false) -> [Layer] { [] }
}
