import Foundation
import Geometry
import LayerTree

/// Vector artwork read from a one-page PDF (as Xcode asset catalogs hold it, exported by Sketch or
/// Quartz): filled shapes in a top-left, y-down space of the page's size in points, ready to be a layer's
/// `.shapes` contents.
public struct VectorArtwork: Hashable, Sendable {
    /// The MediaBox size in points.
    public var size: Size
    /// In painting order; strokes arrive as filled outlines, clips already applied.
    public var shapes: [FilledShape]
    /// What the PDF drew that is not reproduced (or only approximated), e.g. "text", "images",
    /// "shadings (drawn flat in their mean color)"; sorted, empty when everything was drawn.
    public var skipped: [String]
    /// The asset catalog renders it as a template: only its alpha counts, tinted with the view's tintColor
    /// (`tinted(with:)`).
    public var isTemplate: Bool

    public init(size: Size, shapes: [FilledShape], skipped: [String] = [], isTemplate: Bool = false) {
        self.size = size; self.shapes = shapes; self.skipped = skipped; self.isTemplate = isTemplate
    }

    /// Largest PDF accepted, in bytes.
    public static let maxFileSize = 16 << 20

    /// Reads the first page of a PDF. Throws `ArtworkError` for anything it cannot read; never traps.
    public init(pdf bytes: [UInt8], isTemplate: Bool = false) throws {
        guard bytes.count <= Self.maxFileSize else { throw ArtworkError("PDF larger than \(Self.maxFileSize) bytes") }
        let file = try PDFFile(bytes: bytes)
        guard let page = Self.firstPage(in: file) else { throw ArtworkError("no page object (/Type /Page) found") }
        // MediaBox (and Resources) may be inherited from the page tree.
        func inherited(_ key: String) -> PDFObject? {
            var node: [String: PDFObject]? = page
            for _ in 0..<32 {
                guard let n = node else { return nil }
                if let v = n[key] { return v }
                node = file.dictionary(n["Parent"])
            }
            return nil
        }
        guard let box = file.array(inherited("MediaBox"))?.compactMap({ file.number($0) }), box.count == 4,
              box.allSatisfy(\.isFinite) else { throw ArtworkError("page has no readable /MediaBox") }
        let x0 = min(box[0], box[2]), y0 = min(box[1], box[3]), x1 = max(box[0], box[2]), y1 = max(box[1], box[3])
        guard x1 > x0, y1 > y0, x1 - x0 <= 1e5, y1 - y0 <= 1e5 else { throw ArtworkError("unusable /MediaBox \(box)") }
        size = Size(x1 - x0, y1 - y0)
        // PDF's origin is bottom-left, y up: flip into the top-left, y-down space of the box.
        let pageMap = ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0, m31: -x0, m32: y1, m33: 1)
        var interpreter = ContentInterpreter(file: file, pageMap: pageMap)
        let streams: [PDFObject]
        switch file.resolve(page["Contents"]) {
        case .array(let a)?: streams = a
        case nil, .null?: streams = []
        case _?: streams = [page["Contents"]!]
        }
        var data: [UInt8] = []
        for s in streams.prefix(1000) {
            data += try file.decoded(s, budget: &interpreter.decodeBudget)
            data.append(0x0A)  // streams of an array are one content stream split at token boundaries
        }
        try interpreter.run(data, resources: file.dictionary(inherited("Resources")) ?? [:], depth: 0)
        shapes = interpreter.shapes
        skipped = interpreter.skipped.sorted()
        self.isTemplate = isTemplate
    }

    static func firstPage(in file: PDFFile) -> [String: PDFObject]? {
        // Through the catalog's page tree when it is intact, else any page object.
        let catalog = file.objects.keys.sorted().lazy.compactMap { file.objects[$0]?.dictionary }.first { file.name($0["Type"]) == "Catalog" }
        var node = file.dictionary(catalog?["Pages"])
        for _ in 0..<32 {
            guard let n = node else { break }
            if file.name(n["Type"]) == "Page" { return n }
            node = file.dictionary(file.array(n["Kids"])?.first)
        }
        return file.objects.keys.sorted().lazy.compactMap { file.objects[$0]?.dictionary }.first { file.name($0["Type"]) == "Page" }
    }

    /// The shapes scaled to fill `rect` (a layer's bounds), as UIImageView's scaleToFill draws an image.
    public func shapes(fitting rect: Rect) -> [FilledShape] {
        let sx = rect.width / size.width, sy = rect.height / size.height
        let m = ProjectiveTransform(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: rect.minX, m32: rect.minY, m33: 1)
        return shapes.map { FilledShape(path: $0.path.applying(m), fill: $0.fill, rule: $0.rule) }
    }

    /// A template's rendering: every shape in `tint`, keeping each shape's own alpha.
    public func tinted(with tint: Color) -> VectorArtwork {
        var copy = self
        copy.shapes = shapes.map { s in
            var c = tint
            c.alpha = tint.alpha * s.fill.alpha
            return FilledShape(path: s.path, fill: c, rule: s.rule)
        }
        return copy
    }
}

// MARK: - The bundled artwork

extension VectorArtwork {
    /// The artwork bundled with this module, by asset name (CollectionViewPagingLayout's sample app's
    /// Assets.xcassets/Shapes; see Resources/Shapes/README.md).
    public struct Asset: Hashable, Sendable {
        public var name: String
        /// The PDF's path inside the bundle's Shapes folder.
        public var file: String
        /// The imageset's template-rendering-intent is "template".
        public var isTemplate: Bool
    }

    /// Every bundled asset, as the catalog's imagesets declare them (none is a template).
    public static let assets: [Asset] = {
        func group(_ folder: String, _ names: [String]) -> [Asset] {
            names.map { Asset(name: $0, file: folder.isEmpty ? "\($0).pdf" : "\(folder)/\($0).pdf", isTemplate: false) }
        }
        return group("scale", ["scale_blur", "scale_coverflow", "scale_cylinder", "scale_invertedcylinder", "scale_normal", "scale_rotary"])
            + group("stacks", ["stack_blur", "stack_prespective", "stack_reverse", "stack_rotary", "stack_transparent", "stack_vortex"])
            + group("snapshot", ["snapshot_bars", "snapshot_chess", "snapshot_fade", "snapshot_grid", "snapshot_lines",
                                 "snapshot_puzzle", "snapshot_space", "snapshot_tiles"])
            + group("", ["textPlaceholder", "grayArrowLeft", "grayArrowRight", "copyButton", "downloadButton", "helpButton"])
    }()

    /// The bundled artwork named `name` ("scale_cylinder"), read from its PDF on each call (a few
    /// milliseconds; callers that draw it every frame keep the value).
    public static func named(_ name: String) throws -> VectorArtwork {
        guard let asset = assets.first(where: { $0.name == name }) else {
            throw ArtworkError("no artwork named \"\(name)\"; known: \(assets.map(\.name).joined(separator: ", "))")
        }
        guard let base = Bundle.module.resourceURL else { throw ArtworkError("the Artwork resource bundle is missing") }
        let url = base.appendingPathComponent("Shapes").appendingPathComponent(asset.file)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw ArtworkError("cannot read \(url.path)") }
        return try VectorArtwork(pdf: [UInt8](data), isTemplate: asset.isTemplate)
    }
}
