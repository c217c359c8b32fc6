import RenderPreviewsDesigner

// This package's designer: the built-in kinds only (see DesignerCommand for a package's own).
await DesignerCommand.main(kinds: [])
