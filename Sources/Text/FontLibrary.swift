import CFreeType
import LayerTree

/// The scene model's weight (LayerTree), so a `TextContents.weight` goes straight into a `FontDescriptor`
/// and files importing both modules see one `FontWeight`.
public typealias FontWeight = LayerTree.FontWeight

extension FontWeight {
    /// The OpenType weight class UIKit's weight stands for: ultraLight 100 (thin) ... bold 700.
    var openTypeWeight: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        }
    }
}

public struct FontDescriptor: Hashable, Sendable {
    public var family: String
    public var weight: FontWeight
    public var italic: Bool

    public init(family: String, weight: FontWeight = .regular, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }
}

public struct FontError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}

/// Owns the FT_Library; faces keep a strong reference so it is freed only after the last FT_Face.
final class FreeTypeLibrary {
    let raw: FT_Library

    init() throws {
        var lib: FT_Library?
        let err = FT_Init_FreeType(&lib)
        guard err == 0, let lib else { throw FontError(description: "FreeType initialisation failed (error \(err))") }
        raw = lib
    }

    deinit { FT_Done_FreeType(raw) }
}

/// Resolves font descriptors to faces of a `FontCatalog` (the package's own fonts unless told otherwise), with
/// FreeType and HarfBuzz objects per font file. One per renderer (no global state); not thread-safe, owned by one
/// renderer.
public final class FontLibrary {
    /// Tried in order after the preferred face when it lacks a glyph.
    static let fallbackFamilies = ["Inter", "Noto Sans Arabic", "NanumGothic"]

    public let catalog: FontCatalog
    private let freeType: FreeTypeLibrary
    private var facesByDescriptor: [FontDescriptor: Face] = [:]
    private var dataByFile: [String: FaceData] = [:]

    /// The fonts that travel with the package.
    public convenience init() throws { try self.init(catalog: FontCatalog.bundled()) }

    public init(catalog: FontCatalog) throws {
        self.catalog = catalog
        freeType = try FreeTypeLibrary()
    }

    /// A library that sees only `fontFiles`: for tests of missing fonts.
    convenience init(fontFiles: [String]) throws { try self.init(catalog: FontCatalog(fontFiles: fontFiles)) }

    /// Finds a face by family, weight and slant in the catalogue. A weight or slant the family lacks falls back
    /// to the nearest one it has (`FontCatalog.face(family:weight:italic:)`); a family it lacks is an error.
    public func face(_ descriptor: FontDescriptor) throws -> Face {
        if let face = facesByDescriptor[descriptor] { return face }
        guard let match = catalog.face(family: descriptor.family, weight: descriptor.weight.openTypeWeight,
                                       italic: descriptor.italic) else { throw missing(descriptor) }
        let key = "\(match.index):\(match.path)"
        let data: FaceData
        if let cached = dataByFile[key] {
            data = cached
        } else {
            data = try FaceData(library: freeType, path: match.path, index: match.index)
            dataByFile[key] = data
        }
        let face = Face(descriptor: descriptor, path: match.path, data: data)
        facesByDescriptor[descriptor] = face
        return face
    }

    /// The first face among `preferred` then the fallbacks (same weight/italic as `preferred`, or their nearest)
    /// that has a glyph for `scalar`; nil if none. A fallback family the catalogue lacks is skipped, but if no
    /// face has the glyph the missing families are thrown, so a missing font is reported rather than the output
    /// silently depending on which files were given.
    public func face(for scalar: Unicode.Scalar, preferred: Face) throws -> Face? {
        if preferred.hasGlyph(for: scalar) { return preferred }
        var missing: [String] = []
        for family in Self.fallbackFamilies {
            let descriptor = FontDescriptor(family: family, weight: preferred.descriptor.weight,
                                            italic: preferred.descriptor.italic)
            do {
                let candidate = try face(descriptor)
                if candidate.hasGlyph(for: scalar) { return candidate }
            } catch {
                missing.append(String(describing: error))
            }
        }
        guard missing.isEmpty else {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw FontError(description: "no font has a glyph for U+\(code); " + missing.joined(separator: "; "))
        }
        return nil
    }

    private func missing(_ descriptor: FontDescriptor) -> FontError {
        let style = descriptor.weight.rawValue + (descriptor.italic ? " italic" : "")
        let known = catalog.familyNames.joined(separator: ", ")
        return FontError(description: "font family \"\(descriptor.family)\" (\(style)) is not among the fonts "
                             + "the renderer has (\(known)); add its font files to the catalogue "
                             + "(FontCatalog.adding(fontFiles:))")
    }
}
