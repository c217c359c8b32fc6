import Foundation
import RenderPreviewsKindKit

/// One row of the demo Inbox.
public struct InboxEmail: Hashable, Sendable {
    public var sender: String
    public var subject: String
    public var body: String
    public var date: String
    public var unread: Bool = false

    public init(sender: String, subject: String, body: String, date: String, unread: Bool = false) {
        self.sender = sender; self.subject = subject; self.body = body; self.date = date; self.unread = unread
    }
}

/// How the list is drawn: UITableView plain or inset-grouped, or the collection-view demo's separate cards.
public enum InboxListStyle: String, Hashable, Sendable, CaseIterable {
    case plain, insetGrouped, cards
}

/// Where things are on the Inbox screen (points, in the 390 x 844 screen), measured from the references.
public struct InboxMetrics: Hashable, Sendable {
    /// Top of the first row.
    public var listTop: Double = 143.0
    public var rowHeight: Double = 96.7
    /// Leading inset of the rows (inset-grouped and cards), and the trailing one when it differs.
    public var rowInset: Double = 0
    public var rowInsetTrailing: Double? = nil
    public var cornerRadius: Double = 0
    /// Gap between cards.
    public var rowSpacing: Double = 0
    /// Leading inset of the text in a row.
    public var textInset: Double = 32.5
    /// From the row's trailing edge to the disclosure chevron's ink (the date ends 12 pt before the chevron's
    /// middle): the cells' trailing layout margin differs with the list.
    public var accessoryInset: Double = 28.4
    /// Baseline of the large title.
    public var titleBaseline: Double = NavigationBar.largeTitleOrigin.y
    public var titleX: Double = NavigationBar.largeTitleOrigin.x
    /// Sizes are SF Pro's (34, 17, 15) scaled so that Inter's wider letters give the references' line widths.
    public var titleSize: Double = NavigationBar.largeTitleSize
    /// Text size of the row (sender; subject and body are 2 pt smaller).
    public var senderSize: Double = 16.3
    public var textSize: Double = 14.4

    public init() {}
}

/// A day as the demo's Korean list writes it, M/D/YY (5/24/23).
public struct InboxDay: Hashable, Sendable, CustomStringConvertible {
    public var month: Int, day: Int, year: Int

    /// "5/24/23", or nil if it is not a date.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
              let m = Int(parts[0]), let d = Int(parts[1]), let y = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= Self.daysIn(month: m, year: 2000 + y) else { return nil }
        month = m; day = d; year = 2000 + y
    }

    public var description: String { "\(month)/\(day)/\(year % 100 < 10 ? "0" : "")\(year % 100)" }

    static func daysIn(month m: Int, year y: Int) -> Int {
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    }

    /// The day `n` days earlier.
    public func minus(days n: Int) -> InboxDay {
        var r = self
        for _ in 0..<max(0, n) {
            r.day -= 1
            if r.day == 0 {
                r.month -= 1
                if r.month == 0 { r.month = 12; r.year -= 1 }
                r.day = Self.daysIn(month: r.month, year: r.year)
            }
        }
        return r
    }

    /// How the demo (SwipeCellKit's relativeDateString in the recordings' Korean locale) dates a message `n`
    /// days old: today's at its time, then 어제 and 그저께, then the short date.
    public func relative(daysAgo n: Int, today time: String) -> String {
        switch n {
        case ...0: time
        case 1: "어제"
        case 2: "그저께"
        default: minus(days: n).description
        }
    }
}

/// The navigation chrome of the demo screen (status bar, back button, edit button, toolbar).
public struct InboxChrome: Hashable, Sendable {
    public var title: String = "Inbox"
    public var backTitle: String = "Swipe Cell"
    public var editTitle: String = "편집"
    public var time: String = "2:26"
    /// Today's messages show this time (the recordings were made at different times of day).
    public var today: String? = nil
    /// The day the recording was made: the demo's messages are dated from it as the app dates them (nil: the
    /// day of the expansion recordings, 5/24/23).
    public var date: InboxDay? = nil
    public var showsBars: Bool = true
    public var homeIndicator: HomeIndicatorStyle = .dark

    public init() {}
}

/// A swipe-cell preview: the Inbox, the actions of both sides, and a scripted swipe.
public struct SwipeScene: Hashable, Sendable {
    public var canvas: Canvas
    public var framesPerSecond: Double
    /// The screen's y at the top of the canvas (the references crop the screen).
    public var viewportTop: Double
    public var listStyle: InboxListStyle
    public var rightToLeft: Bool
    public var metrics: InboxMetrics
    public var chrome: InboxChrome
    public var emails: [InboxEmail]
    public var leading: SwipeActionsConfiguration?
    public var trailing: SwipeActionsConfiguration?
    /// Rows whose actions differ, by place (button widths are filled in by `table(measuring:)`).
    public var rowActions: [SwipeRowSides]
    public var gestures: [SwipeGesture]
    public var showsTouches: Bool
    /// The recorder's fading trail behind a moving finger (under `showsTouches`): a disc at each of its touch
    /// events, this many a second; nil for none.
    public var touchTrailEvents: Double? = TouchMark.trailEventRate
    /// How far the finger goes before the row moves (`SwipeTimeline.panHysteresis` unless a recording shows
    /// another).
    public var panHysteresis: Double
    /// The demo's menu, a tap and the Inbox's push before the script (TableView_Demo, CollectionView_Demo).
    public var intro: NavigationIntro?
    /// Screen width (390 on the references' iPhone 14): the canvas is as wide as the screen.
    public var screenWidth: Double { canvas.width }

    public init(canvas: Canvas, framesPerSecond: Double, viewportTop: Double, listStyle: InboxListStyle, rightToLeft: Bool,
                metrics: InboxMetrics, chrome: InboxChrome, emails: [InboxEmail], leading: SwipeActionsConfiguration?,
                trailing: SwipeActionsConfiguration?, rowActions: [SwipeRowSides] = [], gestures: [SwipeGesture],
                showsTouches: Bool = true, panHysteresis: Double = SwipeTimeline.panHysteresis, intro: NavigationIntro? = nil) {
        self.canvas = canvas; self.framesPerSecond = framesPerSecond; self.viewportTop = viewportTop
        self.listStyle = listStyle; self.rightToLeft = rightToLeft; self.metrics = metrics; self.chrome = chrome
        self.emails = emails; self.leading = leading; self.trailing = trailing; self.rowActions = rowActions
        self.gestures = gestures
        self.showsTouches = showsTouches; self.panHysteresis = panHysteresis; self.intro = intro
    }

    /// The MGUSwipeCell demo's menu as its recordings show it, touched with SwipeCellKit's recorder's disc.
    public static let demoIntro: NavigationIntro = {
        var intro = NavigationIntro(row: "tableInsetGrouped", menu: .swipeCell)
        intro.recorder = .swipeCellKit
        intro.highlightDelay = nil
        return intro
    }()

    /// Cell frames on the screen.
    public var rowFrames: [Rect] {
        let m = metrics
        return emails.indices.map { i in
            let width = screenWidth - m.rowInset - (m.rowInsetTrailing ?? m.rowInset)
            let x = rightToLeft ? screenWidth - m.rowInset - width : m.rowInset
            return Rect(x, m.listTop + Double(i) * (m.rowHeight + m.rowSpacing), width, m.rowHeight)
        }
    }

    public static let buttonImageWidth = 30.0

    /// A button's title as the actions view draws it: medium, as wide as the recordings' (the Border recording's
    /// "More", "Flag" and "Trash" are 6% wider than Inter's at SwipeCellKit's 15 pt: 16 pt), and the demo's
    /// 13-pt regular on circular buttons (as wide as the screenshot's at 13).
    static func buttonTitle(_ title: String, style: SwipeButtonStyle, color: Color) -> TextContents {
        style == .circular ? TextContents(title, weight: .regular, size: 13, color: color)
            : TextContents(title, weight: .medium, size: 16, color: color)
    }

    /// Where the cells are and how wide their buttons are, titles measured as they will be drawn.
    public func table(measuring text: any TextMeasuring) -> SwipeTableGeometry {
        let width = screenWidth - metrics.rowInset - (metrics.rowInsetTrailing ?? metrics.rowInset)
        func w(_ c: SwipeActionsConfiguration?) -> Double {
            guard let c else { return 0 }
            return c.buttonWidth(cellWidth: width, titleWidth: { text.width(of: Self.buttonTitle($0, style: c.buttonStyle, color: .black)) },
                                 imageWidth: Self.buttonImageWidth)
        }
        let rowSides = rowActions.map { o in
            SwipeRowSides(positions: o.positions, leading: o.leading, trailing: o.trailing,
                          leadingButtonWidth: w(o.leading), trailingButtonWidth: w(o.trailing))
        }
        return SwipeTableGeometry(rows: rowFrames, rightToLeft: rightToLeft, leading: leading, trailing: trailing,
                                  leadingButtonWidth: w(leading), trailingButtonWidth: w(trailing), rowSides: rowSides,
                                  screenWidth: screenWidth)
    }

    /// Runs the swipe script once; `text` measures button titles, dates and truncation.
    public func animation(measuring text: any TextMeasuring) -> SwipeAnimation { SwipeAnimation(scene: self, text: text) }
}

/// A swipe scene with its script simulated: frame `i` is at time i / fps.
public struct SwipeAnimation: Sendable {
    public let scene: SwipeScene
    public let table: SwipeTableGeometry
    public let timeline: SwipeTimeline
    let text: any TextMeasuring

    init(scene: SwipeScene, text: any TextMeasuring) {
        self.scene = scene
        self.text = text
        table = scene.table(measuring: text)
        timeline = SwipeTimeline(table: table, gestures: scene.gestures, panHysteresis: scene.panHysteresis)
    }

    public var duration: Double { timeline.duration }

    public func frame(at t: Double) -> LayerScene {
        let sample = timeline.sample(at: t, trailEvents: scene.showsTouches ? scene.touchTrailEvents : nil)
        let builder = SwipeScreenBuilder(scene: scene, table: table, sample: sample, text: text)
        if let intro = scene.intro,
           let root = intro.frame(at: t, canvas: scene.canvas, barHeight: scene.metrics.listTop, time: scene.chrome.time,
                                  homeIndicator: scene.chrome.homeIndicator, showsTouches: scene.showsTouches, text: text,
                                  pushed: { builder.screen() }) {
            return LayerScene(canvas: scene.canvas, root: root)
        }
        return builder.build()
    }
}

extension InboxEmail {
    /// How old each of the demo's messages is, in days (the SwipeCellKit example dates them from the day it runs).
    public static let demoDaysAgo = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8]

    /// The demo's mailbox (the SwipeCellKit example's messages, Example/MailExample/Data.swift: the texts as the
    /// recordings show them, long bodies cut after the two lines a row shows), dated as ExpansionStyle_* show them.
    public static let demo: [InboxEmail] = [
        InboxEmail(sender: "Realm", subject: "Video: Operators and Strong Opinions with Erica Sadun",
                   body: "Swift operators are flexible and powerful. They’re symbols that behave like functions, adopting a natural mathematical syntax, for example 1 + 2 versus add(1, 2).",
                   date: "오후 2:26"),
        InboxEmail(sender: "The Pragmatic Bookstore", subject: "[Pragmatic Bookstore] Your eBook 'Swift Style' is ready for download",
                   body: "Hello, The gerbils at the Pragmatic Bookstore have just finished hand-crafting your eBook of Swift Style.",
                   date: "오후 2:26"),
        InboxEmail(sender: "Instagram", subject: "mrx, go live and send disappearing photos and videos",
                   body: "Go Live and Send Disappearing Photos and Videos. We recently announced two updates: live video on Instagram Stories.",
                   date: "어제"),
        InboxEmail(sender: "Smithsonian Magazine", subject: "Exclusive Sneak Peek Inside | Untold Stories of the Civil War",
                   body: "For the very first time, the Smithsonian showcases the treasures of its Civil War collections in one volume.",
                   date: "그저께"),
        InboxEmail(sender: "Apple News", subject: "How to Change Your Personality in 90 Days",
                   body: "How to Change Your Personality. You are not stuck with yourself. New research shows that you can change your personality.",
                   date: "5/21/23"),
        InboxEmail(sender: "Wordpress", subject: "New WordPress Site",
                   body: "Your new WordPress site has been successfully set up at: http://example.com. You can log in to the administrator account.",
                   date: "5/20/23"),
        InboxEmail(sender: "IFTTT", subject: "See what’s new & notable on IFTTT",
                   body: "See what’s new & notable on IFTTT. To disable these emails, sign in to manage your settings or unsubscribe.",
                   date: "5/19/23"),
        InboxEmail(sender: "Westin Vacations", subject: "Your Westin exclusive expires January 11",
                   body: "Last chance to book a captivating 5-day, 4-night vacation in Rancho Mirage for just $389. Learn more.",
                   date: "5/18/23"),
        InboxEmail(sender: "Nugget Markets", subject: "Nugget Markets Weekly Specials Starting February 15, 2017",
                   body: "Scan & Save. For this week’s Secret Special, let’s “brioche” the subject of breakfast.",
                   date: "5/17/23"),
        InboxEmail(sender: "GeekDesk", subject: "We have some exciting things happening at GeekDesk!",
                   body: "Wouldn't everyone be so much happier if we all owned GeekDesks?",
                   date: "5/16/23"),
    ]

    /// The same mailbox in Arabic, for the right-to-left preview.
    public static let demoArabic: [InboxEmail] = [
        InboxEmail(sender: "ريلم", subject: "فيديو: العوامل والآراء القوية مع إيريكا سادون",
                   body: "عوامل سويفت مرنة وقوية. إنها رموز تتصرف مثل الدوال وتعتمد صياغة رياضية طبيعية.",
                   date: "٢:٢٦ م"),
        InboxEmail(sender: "مكتبة براغماتيك", subject: "كتابك الإلكتروني «أسلوب سويفت» جاهز للتنزيل",
                   body: "مرحبًا، انتهى فريقنا للتو من إعداد نسختك الإلكترونية من كتاب أسلوب سويفت.",
                   date: "٢:٢٦ م"),
        InboxEmail(sender: "إنستغرام", subject: "ابدأ بثًا مباشرًا وأرسل صورًا ومقاطع تختفي",
                   body: "أعلنّا مؤخرًا عن تحديثين: الفيديو المباشر في القصص والصور التي تختفي بعد المشاهدة.",
                   date: "أمس"),
        InboxEmail(sender: "مجلة سميثسونيان", subject: "نظرة حصرية: قصص لم تُروَ من الحرب الأهلية",
                   body: "لأول مرة يعرض سميثسونيان كنوز مجموعاته من الحرب الأهلية في مجلد واحد.",
                   date: "أول أمس"),
        InboxEmail(sender: "أخبار آبل", subject: "كيف تغيّر شخصيتك في تسعين يومًا",
                   body: "لست عالقًا مع نفسك. تُظهر أبحاث جديدة أنه يمكنك تغيير شخصيتك.",
                   date: "٢١/٥/٢٣"),
        InboxEmail(sender: "ووردبريس", subject: "موقع ووردبريس جديد",
                   body: "تم إعداد موقعك الجديد بنجاح على العنوان example.com ويمكنك تسجيل الدخول الآن.",
                   date: "٢٠/٥/٢٣"),
        InboxEmail(sender: "IFTTT", subject: "اكتشف الجديد والمميز على IFTTT",
                   body: "لإيقاف هذه الرسائل، سجّل الدخول لإدارة إعداداتك أو لإلغاء الاشتراك.",
                   date: "١٩/٥/٢٣"),
        InboxEmail(sender: "منتجعات ويستن", subject: "عرضك الحصري ينتهي في ١١ يناير",
                   body: "فرصة أخيرة لحجز عطلة من خمسة أيام وأربع ليالٍ في رانشو ميراج.",
                   date: "١٨/٥/٢٣"),
    ]
}
