import CGIF

/// Stage 6, the file: screen descriptor, loop extension, then each frame's control block, descriptor, table
/// and data, written through giflib. Assembled only at the end because the global color table is chosen
/// from all frames: the palette that saves most (its frames then need no table of their own).
struct GIFFileAssembly {
    var width: Int, height: Int
    var loopCount: Int
    var maps: [GIFColorMap]
    var records: [GIFFrameRecord]

    func bytes() throws -> [UInt8] {
        let global = globalPalette()
        let writer = try GIFWriter()
        try writer.screen(width: width, height: height, map: maps[global])
        let loops = UInt8(loopCount & 0xFF), loopsHigh = UInt8(loopCount >> 8)
        try writer.extensionBlocks(code: APPLICATION_EXT_FUNC_CODE, [Array("NETSCAPE2.0".utf8), [1, loops, loopsHigh]])
        for r in records {
            let (map, data, local) = table(for: r, global: global)
            var gcb = GraphicsControlBlock(DisposalMode: r.disposal.rawValue, UserInputFlag: false, DelayTime: Int32(r.delay),
                                           TransparentColor: r.transparent ? Int32(map.transparentIndex) : NO_TRANSPARENT_COLOR)
            var ext = [UInt8](repeating: 0, count: 4)
            let n = EGifGCBToExtension(&gcb, &ext)
            try writer.extensionBlocks(code: GRAPHICS_EXT_FUNC_CODE, [Array(ext.prefix(n))])
            try writer.imageDescriptor(x: r.rect.x, y: r.rect.y, width: r.rect.width, height: r.rect.height, localMap: local)
            try writer.codeBlocks(data, codeSize: max(2, map.bitsPerPixel))
        }
        return try writer.close()
    }

    /// The palette whose frames would otherwise spend most bytes on tables of their own (a frame whose
    /// compact table and data are smaller than its data alone saves nothing).
    private func globalPalette() -> Int {
        var saving = [Int](repeating: 0, count: maps.count)
        for r in records { let local = r.localCost(maps); saving[r.palette] += local - min(local, r.data.count) }
        var global = 0
        for i in saving.indices where saving[i] > saving[global] { global = i }
        return global
    }

    /// The table a frame's indices refer to, its data against it, and the table to write as local (nil: the
    /// global one): the global table when that is cheapest, else the smaller of its palette and compact ones.
    private func table(for r: GIFFrameRecord, global: Int) -> (map: GIFColorMap, data: [UInt8], local: GIFColorMap?) {
        let map = maps[r.palette]
        if r.palette == global && r.data.count <= r.localCost(maps) { return (map, r.data, nil) }
        if let c = r.compact, (3 << c.map.bitsPerPixel) + c.data.count < (3 << map.bitsPerPixel) + r.data.count {
            return (c.map, c.data, c.map)
        }
        return (map, r.data, map)
    }
}
