import CarouselPreviews
import RenderPreviewsDesigner

// The designer page with this package's kind; `carousel-previews design` runs this one from beside itself.
await DesignerCommand.main(kinds: [CarouselKind.self])
