import RenderPreviewsKindKit

extension FlowItem {
    /// The sixteen rows of the MGUFlowView demo (title, SF Symbol name), with Font Awesome icons standing in
    /// for the symbols. The demo tints each icon with a random color; these are the ones VegaStyle.gif shows
    /// (each glyph's most saturated color, read at 1.3 and 3.8 s; Globe's, a pale purple its GIF dithers from
    /// three entries, as their mean at 3.0 s, where its card first shows whole at rest).
    public static let demo: [FlowItem] = [
        FlowItem(title: "Faceid", subtitle: "faceid", icon: .faceID, color: Color(hex: "#2EC453")!),
        FlowItem(title: "Calendar", subtitle: "calendar.badge.clock", icon: .calendar, color: Color(hex: "#FC3128")!,
                 badge: IconBadge(icon: .clockHands, color: Color(hex: "#8E8E93")!)),
        FlowItem(title: "Teletype", subtitle: "teletype.answer.circle.fill", icon: .teletype, color: Color(hex: "#2EC453")!,
                 enclosure: .filledCircle),
        FlowItem(title: "Coloncurrencysign", subtitle: "coloncurrencysign.circle", icon: .colonSign, color: Color(hex: "#FBB29E")!,
                 enclosure: .circle),
        FlowItem(title: "Photo", subtitle: "photo.on.rectangle.angled", icon: .photoAngled, color: Color(hex: "#F71F80")!),
        FlowItem(title: "Square", subtitle: "square.grid.3x3", icon: .grid, color: Color(hex: "#E3ACF6")!),
        FlowItem(title: "Note", subtitle: "note.text.badge.plus", icon: .note, color: Color(hex: "#8C27CB")!, badge: .plus),
        FlowItem(title: "Person", subtitle: "person.crop.circle.badge.plus", icon: .personCrop, color: Color(hex: "#03E704")!,
                 enclosure: .circle, badge: IconBadge(icon: .plus, color: Color(hex: "#34C759")!, corner: .bottomLeft)),
        FlowItem(title: "Globe", subtitle: "globe.badge.chevron.backward", icon: .globe, color: Color(hex: "#AB93BD")!,
                 badge: IconBadge(icon: .chevronLeft, color: Color(hex: "#AB93BD")!, corner: .bottomLeft)),
        FlowItem(title: "Circle", subtitle: "circle.hexagongrid.fill", icon: .circleHexagongrid, color: Color(hex: "#FE9401")!),
        FlowItem(title: "Trash", subtitle: "trash.circle", icon: .trashOutline, color: Color(hex: "#FC3128")!, enclosure: .circle),
        FlowItem(title: "Folder", subtitle: "folder.badge.plus", icon: .folder, color: Color(hex: "#4D3406")!,
                 badge: IconBadge(icon: .plus, color: Color(hex: "#34C759")!, corner: .topRight)),
        FlowItem(title: "Paperplane", subtitle: "paperplane", icon: .paperplane, color: Color(hex: "#366AD2")!),
        FlowItem(title: "Tray", subtitle: "tray.full", icon: .tray, color: Color(hex: "#2B3A6F")!),
        FlowItem(title: "Mic", subtitle: "mic.slash.circle.fill", icon: .micSlash, color: Color(hex: "#FE9401")!,
                 enclosure: .filledCircle),
        FlowItem(title: "Sun", subtitle: "sun.dust.fill", icon: .sun, color: Color(hex: "#FECC06")!),
    ]
}
