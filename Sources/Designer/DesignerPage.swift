/// The page: plain HTML, CSS and JavaScript served as they are (no build step, nothing from elsewhere).
enum DesignerPage {
    static let html = "<!doctype html><title>designer</title>"
    static let script = ""
    static let style = ""
}
