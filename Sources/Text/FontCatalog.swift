import CFreeType
import Foundation

/// One face a font file offers: the family names it answers to, its OS/2 weight and its slant.
public struct CatalogFace: Hashable, Sendable {
    public var path: String
    public var index: Int
    /// Every family name the file gives (name IDs 1, 16 and 21 in all languages, and FreeType's), normalized.
    public var families: Set<String>
    /// The OpenType weight class, 100 (thin) to 900 (black).
    public var weight: Int
    public var italic: Bool
    /// FreeType's family name, as the file spells it (for messages).
    public var displayFamily: String?
}

/// The font files a renderer may draw with, found by name, weight and slant: the faces that travel with the package
/// (`bundled`), to which a caller may add its own files. A value: the same catalogue gives the same faces on every
/// machine, since no installed font is ever looked at.
public struct FontCatalog: Hashable, Sendable {
    public private(set) var faces: [CatalogFace]

    /// A catalogue of exactly these files (each face of a collection file), in the order given.
    public init(fontFiles: [String]) throws {
        faces = []
        let library = try FreeTypeLibrary()
        for file in fontFiles { faces += try Self.scan(file, library: library) }
    }

    /// This catalogue with more files, found before the ones it has when both answer to a family, weight and slant.
    public func adding(fontFiles: [String]) throws -> FontCatalog {
        var catalog = try FontCatalog(fontFiles: fontFiles)
        catalog.faces += faces
        return catalog
    }

    /// The fonts in the package's resources (Sources/Text/Resources/Fonts, with their licences beside them), read
    /// once a process.
    public static func bundled() throws -> FontCatalog { try bundledCatalog.get() }

    private static let bundledCatalog: Result<FontCatalog, FontError> = {
        guard let folder = Bundle.module.url(forResource: "Fonts", withExtension: nil) else {
            return .failure(FontError(description: "the Text module's resource bundle has no Fonts folder"))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.filter { ["otf", "ttf", "ttc"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { folder.appendingPathComponent($0).path }
        do { return .success(try FontCatalog(fontFiles: files)) } catch let error as FontError {
            return .failure(error)
        } catch {
            return .failure(FontError(description: String(describing: error)))
        }
    }()

    /// The family names the catalogue knows, as the files spell them (FreeType's family name), sorted.
    public var familyNames: [String] { Array(Set(faces.compactMap { $0.displayFamily })).sorted() }

    /// The face for a family, weight and slant, or nil when no face answers to the family. A slant the family
    /// lacks takes the other; a weight it lacks takes the nearest one CSS would (below 400 lighter first, above
    /// 500 heavier first, 400 and 500 each other first).
    public func face(family: String, weight: Int, italic: Bool) -> CatalogFace? {
        let wanted = Self.normalized(family)
        let named = faces.filter { $0.families.contains(wanted) }
        guard !named.isEmpty else { return nil }
        let sameSlant = named.filter { $0.italic == italic }
        let pool = sameSlant.isEmpty ? named : sameSlant
        // Stable: among equal ranks the first in the catalogue (a caller's own file before the bundled one).
        return pool.enumerated().min { a, b in
            let (ra, rb) = (Self.rank(a.element.weight, for: weight), Self.rank(b.element.weight, for: weight))
            return ra != rb ? ra < rb : a.offset < b.offset
        }?.element
    }

    /// CSS Fonts' weight matching as a sort key: smaller is better.
    static func rank(_ candidate: Int, for desired: Int) -> Int {
        if candidate == desired { return 0 }
        let distance = abs(candidate - desired)
        if desired >= 400 && desired <= 500 {
            if candidate > desired && candidate <= 500 { return distance }
            if candidate < desired { return 1000 + distance }
            return 2000 + distance
        }
        let preferredSide = desired < 400 ? candidate < desired : candidate > desired
        return preferredSide ? distance : 1000 + distance
    }

    /// Family names compare ignoring case and blanks ("Nanum Gothic" is "NanumGothic").
    static func normalized(_ family: String) -> String {
        String(family.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
    }

    private static func scan(_ path: String, library: FreeTypeLibrary) throws -> [CatalogFace] {
        var result: [CatalogFace] = []
        var index = 0
        var count = 1
        while index < count {
            var ftFace: FT_Face?
            let err = FT_New_Face(library.raw, path, index, &ftFace)
            guard err == 0, let face = ftFace else {
                throw FontError(description: "\(path): not a font FreeType can read (error \(err))")
            }
            defer { FT_Done_Face(face) }
            count = max(1, face.pointee.num_faces)
            guard face.pointee.face_flags & FT_FACE_FLAG_SCALABLE != 0 else {
                throw FontError(description: "\(path) has no scalable outlines")
            }
            var families = Set<String>()
            var display: String?
            if let name = face.pointee.family_name {
                display = String(cString: name)
                families.insert(normalized(display!))
            }
            for i in 0..<FT_Get_Sfnt_Name_Count(face) {
                var entry = FT_SfntName()
                guard FT_Get_Sfnt_Name(face, i, &entry) == 0, [1, 16, 21].contains(entry.name_id),
                      let text = decode(entry), !text.isEmpty else { continue }
                families.insert(normalized(text))
            }
            var weight = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
            if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
                let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
                if os2.version != 0xFFFF, (1...1000).contains(Int(os2.usWeightClass)) { weight = Int(os2.usWeightClass) }
            }
            let italic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            result.append(CatalogFace(path: path, index: index, families: families, weight: weight, italic: italic,
                                      displayFamily: display))
            index += 1
        }
        return result
    }

    /// A name record's text: UTF-16BE on the Unicode and Windows platforms, ASCII of Mac Roman; nil otherwise.
    private static func decode(_ name: FT_SfntName) -> String? {
        guard let bytes = name.string, name.string_len > 0 else { return nil }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(name.string_len))
        switch name.platform_id {
        case 0, 3:
            guard buffer.count % 2 == 0 else { return nil }
            let units = stride(from: 0, to: buffer.count, by: 2).map { UInt16(buffer[$0]) << 8 | UInt16(buffer[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        case 1 where name.encoding_id == 0:
            guard buffer.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(decoding: buffer, as: UTF8.self)
        default:
            return nil
        }
    }
}
