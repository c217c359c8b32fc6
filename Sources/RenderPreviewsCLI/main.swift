import RenderPreviewsCommand

// This package's command line: the built-in kinds only. A package with kinds of its own has an executable target
// of the same one line, naming them (`RenderPreviews.main(kinds: [CarouselKind.self])`), and the plugin runs that.
RenderPreviews.main(kinds: [])
