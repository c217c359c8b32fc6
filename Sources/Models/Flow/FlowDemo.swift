import LayerTree

extension FlowItem {
    /// The sixteen rows of the MGUFlowView demo (title, SF Symbol name), with Font Awesome icons standing in
    /// for the symbols. The demo tints each icon with a random color; these are the ones the README recording
    /// shows.
    public static let demo: [FlowItem] = [
        FlowItem(title: "Faceid", subtitle: "faceid", icon: .faceID, color: Color(hex: "#34C759")!),
        FlowItem(title: "Calendar", subtitle: "calendar.badge.clock", icon: .calendar, color: Color(hex: "#E53935")!),
        FlowItem(title: "Teletype", subtitle: "teletype.answer.circle.fill", icon: .phone, color: Color(hex: "#2EC453")!,
                 enclosure: .filledCircle),
        FlowItem(title: "Coloncurrencysign", subtitle: "coloncurrencysign.circle", icon: .colonSign, color: Color(hex: "#FBB29E")!,
                 enclosure: .circle),
        FlowItem(title: "Photo", subtitle: "photo.on.rectangle.angled", icon: .photo, color: Color(hex: "#E0409B")!),
        FlowItem(title: "Square", subtitle: "square.grid.3x3", icon: .grid, color: Color(hex: "#B59CE6")!),
        FlowItem(title: "Note", subtitle: "note.text.badge.plus", icon: .note, color: Color(hex: "#7E57C2")!),
        FlowItem(title: "Person", subtitle: "person.crop.circle.badge.plus", icon: .userPlus, color: Color(hex: "#43A047")!),
        FlowItem(title: "Globe", subtitle: "globe.badge.chevron.backward", icon: .globe, color: Color(hex: "#8E44AD")!),
        FlowItem(title: "Circle", subtitle: "circle.hexagongrid.fill", icon: .circle, color: Color(hex: "#FF9500")!),
        FlowItem(title: "Trash", subtitle: "trash.circle", icon: .trash, color: Color(hex: "#E53935")!, enclosure: .circle),
        FlowItem(title: "Folder", subtitle: "folder.badge.plus", icon: .folder, color: Color(hex: "#6D4C41")!),
        FlowItem(title: "Paperplane", subtitle: "paperplane", icon: .paperplane, color: Color(hex: "#1E88E5")!),
        FlowItem(title: "Tray", subtitle: "tray.full", icon: .tray, color: Color(hex: "#283593")!),
        FlowItem(title: "Mic", subtitle: "mic.slash.circle.fill", icon: .micSlash, color: Color(hex: "#FB8C00")!,
                 enclosure: .filledCircle),
        FlowItem(title: "Sun", subtitle: "sun.dust.fill", icon: .sun, color: Color(hex: "#FBC02D")!),
    ]
}
