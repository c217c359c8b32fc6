import CFontconfig
import CFreeType
import LayerTree

/// The scene model's weight (LayerTree), so a `TextContents.weight` goes straight into a `FontDescriptor`
/// and files importing both modules see one `FontWeight`.
public typealias FontWeight = LayerTree.FontWeight

extension FontWeight {
    /// Fontconfig's own weight scale (not the OpenType 100...900 one): THIN 0, EXTRALIGHT 40, LIGHT 50,
    /// REGULAR 80, MEDIUM 100, DEMIBOLD 180, BOLD 200. UIKit's ultraLight is the lightest (OpenType 100).
    var fontconfigWeight: Int32 {
        switch self {
        case .ultraLight: return 0
        case .thin: return 40
        case .light: return 50
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
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

/// Resolves font descriptors to faces through fontconfig, with FreeType and HarfBuzz objects per font file.
/// One per renderer (no global state); not thread-safe, owned by one renderer.
public final class FontLibrary {
    /// Tried in order after the preferred face when it lacks a glyph.
    static let fallbackFamilies = ["Inter", "Noto Sans Arabic", "NanumGothic"]

    /// Debian packages for the families the renderer relies on, keyed by normalised family name.
    static let packages: [String: String] = [
        "inter": "fonts-inter",
        "fontawesome": "fonts-font-awesome",
        "notosansarabic": "fonts-noto-core",
        "nanumgothic": "fonts-nanum",
        "robotocondensed": "fonts-roboto-unhinted",
        "leaguespartan": "fonts-league-spartan",
    ]

    private let freeType: FreeTypeLibrary
    private let config: OpaquePointer
    private var facesByDescriptor: [FontDescriptor: Face] = [:]
    private var dataByFile: [String: FaceData] = [:]

    public init() throws {
        freeType = try FreeTypeLibrary()
        // A private config (not FcInit's process-wide default) so libraries stay independent.
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError(description: "fontconfig initialisation failed")
        }
        self.config = config
    }

    /// A library that sees only `fontFiles` (no system fonts, no config rules): for tests of missing fonts.
    init(fontFiles: [String]) throws {
        freeType = try FreeTypeLibrary()
        guard let config = FcConfigCreate() else { throw FontError(description: "fontconfig initialisation failed") }
        self.config = config
        for file in fontFiles where FcConfigAppFontAddFile(config, file) == 0 {
            throw FontError(description: "fontconfig could not add \(file)")
        }
    }

    deinit {
        // Faces hold the FreeTypeLibrary themselves, so dropping these caches frees nothing out of order.
        FcConfigDestroy(config)
    }

    /// Finds a face by family/weight/italic through fontconfig, checking the match really is that family
    /// (fontconfig always returns *something*). A weight or slant the family lacks falls back to the
    /// nearest one it has, which is fontconfig's own scoring once the family is fixed.
    public func face(_ descriptor: FontDescriptor) throws -> Face {
        if let face = facesByDescriptor[descriptor] { return face }
        let match = try resolve(descriptor)
        let key = "\(match.index):\(match.file)"
        let data: FaceData
        if let cached = dataByFile[key] {
            data = cached
        } else {
            data = try FaceData(library: freeType, path: match.file, index: match.index)
            dataByFile[key] = data
        }
        let face = Face(descriptor: descriptor, path: match.file, data: data)
        facesByDescriptor[descriptor] = face
        return face
    }

    /// The first face among `preferred` then the fallbacks (same weight/italic as `preferred`, or their nearest)
    /// that has a glyph for `scalar`; nil if none. A fallback family that is not installed is skipped, but if no
    /// face has the glyph the missing families are thrown, so a missing package is reported rather than the
    /// output silently depending on what happens to be installed.
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
            throw FontError(description: "no installed font has a glyph for U+\(code); "
                                + missing.joined(separator: "; "))
        }
        return nil
    }

    // MARK: Fontconfig

    private struct Match {
        var file: String
        var index: Int
    }

    private func resolve(_ descriptor: FontDescriptor) throws -> Match {
        guard let pattern = FcPatternCreate() else { throw FontError(description: "fontconfig: out of memory") }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, descriptor.family)
        FcPatternAddInteger(pattern, FC_WEIGHT, descriptor.weight.fontconfigWeight)
        FcPatternAddInteger(pattern, FC_SLANT, descriptor.italic ? 100 : 0)  // FC_SLANT_ITALIC / FC_SLANT_ROMAN
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        let matched = FcFontMatch(config, pattern, &result)
        defer { if let matched { FcPatternDestroy(matched) } }

        var families: [String] = []
        var file: String?
        var index: Int32 = 0
        if let matched {
            var i: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(matched, FC_FAMILY, i, &value) == FcResultMatch, let value {
                families.append(String(cString: value))
                i += 1
            }
            if FcPatternGetString(matched, FC_FILE, 0, &value) == FcResultMatch, let value {
                file = String(cString: value)
            }
            if FcPatternGetInteger(matched, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        }

        let wanted = Self.normalized(descriptor.family)
        guard let file, families.contains(where: { Self.normalized($0) == wanted }) else {
            throw Self.missing(descriptor, offered: families.first)
        }
        return Match(file: file, index: Int(index))
    }

    /// Fontconfig compares family names ignoring case and blanks ("Nanum Gothic" == "NanumGothic"); so do we.
    static func normalized(_ family: String) -> String {
        String(family.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
    }

    static func missing(_ descriptor: FontDescriptor, offered: String?) -> FontError {
        let style = descriptor.weight.rawValue + (descriptor.italic ? " italic" : "")
        var text = "font family \"\(descriptor.family)\" (\(style)) is not installed"
        if let package = packages[normalized(descriptor.family)] {
            text += "; install \(package)"
        } else {
            text += "; no known Debian package provides it"
        }
        if let offered { text += " (fontconfig offered \"\(offered)\" instead)" }
        return FontError(description: text)
    }
}
