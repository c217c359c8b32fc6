import Geometry
import LayerTree
import Raster

/// Which device pixels can differ between the renders of two frames: the old and new device bounds of every
/// layer whose drawing changed (its own properties, its place, or a snapshot it shows), shadows included;
/// a change inside a layer that casts a shadow also moves that shadow; and a backdrop effect that reads a
/// changed pixel is redrawn with everything it reads. Pixels outside the region are the same in both
/// renders, so redrawing only the region over the old frame gives the new frame bit for bit (see
/// `LayerRenderer.render(_:over:)`).
public enum FrameDamage {
    /// The region, as a rectangle of the canvas; nil when no pixel can differ. A change of canvas damages
    /// all of it.
    public static func region(from old: LayerScene, to new: LayerScene) -> IntRect? {
        let canvas = IntRect(x: 0, y: 0, width: new.canvas.pixelWidth, height: new.canvas.pixelHeight)
        guard old.canvas == new.canvas else { return canvas }
        let changedSnapshots = Set(old.snapshots.keys).union(new.snapshots.keys).filter { old.snapshots[$0] != new.snapshots[$0] }
        let deviceMap = ProjectiveTransform.scale(new.canvas.scale, new.canvas.scale)
        let walk = Walk(changedSnapshots: changedSnapshots)
        let changed = walk.diff(old.root, new.root, superMap: deviceMap, superSublayer: .identity)
        guard !changed.isNull else { return nil }
        var region = enclosing(changed, canvas: canvas)
        guard !region.isEmpty else { return nil }
        // A backdrop that reads any damaged pixel is redrawn whole, and so is everything it reads: grown until
        // no backdrop's reach crosses the region's edge.
        let reaches = walk.backdropReaches(new.root, superMap: deviceMap, superSublayer: .identity)
            .map { enclosing($0, canvas: canvas) }.filter { !$0.isEmpty }
        var grown = true
        while grown {
            grown = false
            for r in reaches where !r.intersection(region).isEmpty {
                let u = region.union(r)
                if u != region { region = u; grown = true }
            }
        }
        return region
    }

    /// A device rectangle as whole pixels within the canvas; one that is not finite is the whole canvas (it
    /// may draw anywhere).
    static func enclosing(_ r: Rect, canvas: IntRect) -> IntRect {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return canvas }
        return IntRect(enclosing: r).intersection(canvas)
    }

    private struct Walk {
        let changedSnapshots: Set<String>

        /// Device bounds of what differs between two versions of a layer placed by the given maps.
        func diff(_ a: Layer, _ b: Layer, superMap: ProjectiveTransform, superSublayer: Transform3D) -> Rect {
            // Own properties first, then sublayers pairwise: each layer is compared once (comparing whole
            // subtrees at every level would cost their size times the depth).
            var ownA = a, ownB = b
            ownA.sublayers = []; ownB.sublayers = []
            let showsChanged: Bool
            if case .snapshot(let name)? = b.contents { showsChanged = changedSnapshots.contains(name) } else { showsChanged = false }
            if ownA != ownB || showsChanged || a.sublayers.count != b.sublayers.count {
                return LayerRenderer.deviceBounds(a, superMap: superMap, superSublayer: superSublayer)
                    .union(LayerRenderer.deviceBounds(b, superMap: superMap, superSublayer: superSublayer))
            }
            // Same own properties and place: only sublayers differ, each judged on its own.
            guard !b.isHidden, b.opacity > 0 else { return .null }
            let level = LayerRenderer.levelMap(of: b, superSublayer: superSublayer)
            if !b.isDoubleSided && LayerRenderer.showsBackFace(level: level) { return .null }
            let map = level.concatenating(superMap)
            let sub = b.sublayerTransformAboutAnchor
            var changed = Rect.null
            for (sa, sb) in zip(a.sublayers, b.sublayers) {
                changed = changed.union(diff(sa, sb, superMap: map, superSublayer: sub))
            }
            // The shadow is cast by the composited sublayers too: it changes where they do, offset and blurred.
            if !changed.isNull && b.hasVisibleShadow {
                let (offset, grow) = LayerRenderer.shadowReach(layer: b, map: map)
                changed = changed.union(changed.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -grow, dy: -grow))
            }
            return changed
        }

        /// Every drawn backdrop's reach: the device pixels it reads (its bounds grown by the blur).
        func backdropReaches(_ layer: Layer, superMap: ProjectiveTransform, superSublayer: Transform3D) -> [Rect] {
            guard !layer.isHidden, layer.opacity > 0 else { return [] }
            let level = LayerRenderer.levelMap(of: layer, superSublayer: superSublayer)
            if !layer.isDoubleSided && LayerRenderer.showsBackFace(level: level) { return [] }
            let map = level.concatenating(superMap)
            var out: [Rect] = []
            if let effect = layer.backdrop {
                out.append(LayerRenderer.backdropReach(effect, layer: layer, map: map))
            }
            let sub = layer.sublayerTransformAboutAnchor
            for s in layer.sublayers { out += backdropReaches(s, superMap: map, superSublayer: sub) }
            return out
        }
    }
}
