import CarouselPreviews
import RenderPreviewsCommand

// render-previews with this package's kind beside the built-in ones; the plugin builds and runs this.
RenderPreviews.main(kinds: [CarouselKind.self])
