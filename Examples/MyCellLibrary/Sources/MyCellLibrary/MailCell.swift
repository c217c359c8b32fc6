/// The library whose README shows its cell swiped: on Linux this stands in for the UIKit cell, whose look
/// the scene in Scenes/ describes.
public struct MailCell: Sendable {
    public var sender: String
    public var subject: String
    /// The actions a swipe to the left reveals, trailing edge first.
    public var trailingActions: [String]

    public init(sender: String, subject: String, trailingActions: [String] = ["Trash", "Flag", "More"]) {
        self.sender = sender; self.subject = subject; self.trailingActions = trailingActions
    }
}
