// What a preview kind is written with, in one import: the layer tree and Transform3D (Core Animation's model),
// the kind protocol and parameter declarations (SceneSchema), the scene registry and loader (SceneFormat), the
// motion building blocks (finger scripts, UIScrollView physics, springs and timing curves, the device chrome,
// the paging engine: Models) and the PDF vector art reader (Artwork). The built-in kinds import this alone.
@_exported import Artwork
@_exported import Geometry
@_exported import LayerTree
@_exported import Models
@_exported import SceneFormat
@_exported import SceneSchema
