import Geometry
import LayerTree
import XCTest
@testable import BuiltInKinds
@testable import Models

/// The custom samples' cell transforms (FruitsCollectionViewCell, PhotoCollectionViewCell, CardCollectionViewCell)
/// against numbers worked out apart from the Swift code: by hand in the comments, and the Fruits card's 3D turn
/// with plain matrices in scripts/paging_custom_expectations.py.
final class PagingCustomTransformTests: XCTestCase {
    func assertAffine(_ t: Models.AffineTransform2D, _ e: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let got = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        for (g, x) in zip(got, e) { XCTAssertEqual(g, x, accuracy: 1e-6, "\(message): \(got) vs \(e)", file: file, line: line) }
    }

    func assertMatrix(_ t: Transform3D, _ e: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        for (g, x) in zip(t.values, e) { XCTAssertEqual(g, x, accuracy: 1e-8, "\(message): \(t.values) vs \(e)", file: file, line: line) }
    }

    // MARK: Fruits

    /// Page title: scale = max(1 − |0.3p|, 0.7), x = 40 + 80p − 40 × scale; alpha max(1 − |0.7p|, 0.3) ahead,
    /// max(1 + p, 0) behind.
    /// - p = 0.5: scale 0.85, x = 40 + 40 − 34 = 46, alpha 0.65.
    /// - p = −0.5: scale 0.85, x = 40 − 40 − 34 = −34, alpha 0.5.
    /// - p = 2: scale 0.7 (1 − 0.6 is under the floor), x = 40 + 160 − 28 = 172, alpha 0.3 (the floor).
    func testFruitPageTitle() {
        for (p, scale, x, alpha) in [(0.5, 0.85, 46.0, 0.65), (-0.5, 0.85, -34.0, 0.5), (2, 0.7, 172, 0.3), (0, 1, 0, 1)] {
            let t = FruitTransforms(progress: p, cellWidth: 414, imageHeight: 277)
            assertAffine(t.pageTitle, [scale, 0, 0, scale, x, 0], "page title at \(p)")
            XCTAssertEqual(t.pageTitleAlpha, alpha, accuracy: 1e-12, "page title alpha at \(p)")
        }
    }

    /// Image: translated a page width per progress and down by p × height / 8 (the height as scaled), scaled
    /// 1 − |0.5p|. p = 0.5, height 277: scale 0.75, tx 207, ty 0.5 × 277 × 0.75 / 8 = 12.984375.
    /// Card background: translated 414p / 1.55, scaled 1 − |0.3p|: p = −1: tx −267.0967742, scale 0.7.
    func testFruitImageAndBackground() {
        let t = FruitTransforms(progress: 0.5, cellWidth: 414, imageHeight: 277)
        assertAffine(t.image, [0.75, 0, 0, 0.75, 207, 12.984375], "image at 0.5")
        let back = FruitTransforms(progress: -1, cellWidth: 414, imageHeight: 277)
        assertAffine(back.cardBackground, [0.7, 0, 0, 0.7, -414 / 1.55, 0], "card background at −1")
        assertAffine(back.slide, [1, 0, 0, 1, -414, 0], "texts at −1")
    }

    /// The card container's CATransform3D: leaving (p < 0) a turn of up to −π/3 about (0, 1, 1) with m34 −0.011;
    /// arriving a turn of up to −π/8 about (0, 1, −0.1) with m34 +0.002 and m41 = 414 × 0.093 × p.
    /// At −1.5 the angle is held at −π/3: cos 0.5, so m11 = 0.5, m22 = m33 = 0.5 + 0.5 × ½ = 0.75.
    func testFruitCardTurn() {
        let expected: [(Double, [Double])] = [
            (-1.5, [0.5, -0.612372436, 0.612372436, -0.006736097, 0.612372436, 0.75, 0.25, -0.00275,
                    -0.612372436, 0.25, 0.75, -0.00825, 0, 0, 0, 1]),
            (-0.5, [0.866025404, -0.353553391, 0.353553391, -0.003889087, 0.353553391, 0.933012702, 0.066987298, -0.00073686,
                    -0.353553391, 0.066987298, 0.933012702, -0.01026314, 0, 0, 0, 1]),
            (0.3, [0.993068457, 0.011695408, 0.116954082, 0.000233908, -0.011695408, 0.999931371, -0.000686291, -1.373e-06,
                   -0.116954082, -0.000686291, 0.993137086, 0.001986274, 11.5506, 0, 0, 1]),
            (1, [0.923879533, 0.038078425, 0.380784247, 0.000761568, -0.038078425, 0.999246332, -0.00753668, -1.5073e-05,
                 -0.380784247, -0.00753668, 0.924633201, 0.001849266, 38.502, 0, 0, 1]),
            (2, [0.923879533, 0.038078425, 0.380784247, 0.000761568, -0.038078425, 0.999246332, -0.00753668, -1.5073e-05,
                 -0.380784247, -0.00753668, 0.924633201, 0.001849266, 77.004, 0, 0, 1]),
        ]
        for (p, m) in expected {
            assertMatrix(FruitTransforms(progress: p, cellWidth: 414, imageHeight: 277).card, m, "card at \(p)")
        }
    }

    /// The price tag turns half a turn per page about y with m34 −0.008. At p = 0.25 (π/4): m11 = m33 = m31 =
    /// √½, m13 = −√½, m14 = −m13 × 0.008 = 0.0056569, m34 = m33 × −0.008. It vanishes past |p| = 0.5, as does the
    /// quantity controller; the page control fades out by then (1 − |p| / 0.5).
    func testFruitPriceTagTurnAndFades() {
        let h = 0.5.squareRoot()
        let t = FruitTransforms(progress: 0.25, cellWidth: 414, imageHeight: 277)
        assertMatrix(t.priceTag, [h, 0, -h, 0.008 * h, 0, 1, 0, 0, h, 0, h, -0.008 * h, 0, 0, 0, 1], "price tag at 0.25")
        XCTAssertEqual(t.priceTagAlpha, 1)
        XCTAssertEqual(t.pageControlAlpha, 0.5, accuracy: 1e-12)
        XCTAssertTrue(t.showsQuantity)
        let far = FruitTransforms(progress: -0.6, cellWidth: 414, imageHeight: 277)
        XCTAssertEqual(far.priceTagAlpha, 0)
        XCTAssertEqual(far.pageControlAlpha, 0)
        XCTAssertFalse(far.showsQuantity)
    }

    /// PriceTagView's split of NumberFormatter's "$1.68" after the dot, and the cents kept at two digits.
    func testPriceParts() {
        XCTAssertEqual(Fruit.samples[0].priceParts.whole, "$1.")
        XCTAssertEqual(Fruit.samples[0].priceParts.cents, "68")
        XCTAssertEqual(Fruit.samples[1].priceParts.whole, "$0.")
        XCTAssertEqual(Fruit.samples[1].priceParts.cents, "78")
    }

    // MARK: Gallery

    /// The photo turns π per page about y (m34 −0.0015) and hides past |p| = 0.5; the blurred background fades
    /// with 1 − |p|. Texts at p = 0.2: title down 10 + 100 × 0.2 = 30, stretched 1.2 + 0.4 = 1.6; subtitle
    /// down 20 + 95 × 0.2 = 39, stretched 1.2 + 0.3 = 1.5; both at alpha 1 − 0.2 / 0.3 = ⅓.
    func testGalleryTransforms() {
        let moving = GalleryRest(seconds: nil, hasScrolled: true)
        let h = 0.5.squareRoot()
        let t = GalleryTransforms(progress: 0.25, rest: moving)
        assertMatrix(t.photo, [h, 0, -h, 0.0015 * h, 0, 1, 0, 0, h, 0, h, -0.0015 * h, 0, 0, 0, 1], "photo at 0.25")
        XCTAssertEqual(t.photoAlpha, 1)
        XCTAssertEqual(t.backgroundAlpha, 0.75, accuracy: 1e-12)
        XCTAssertEqual(GalleryTransforms(progress: -0.51, rest: moving).photoAlpha, 0)

        let texts = GalleryTransforms(progress: 0.2, rest: moving)
        assertAffine(texts.title, [1, 0, 0, 1.6, 0, 30], "title at 0.2")
        assertAffine(texts.subtitle, [1, 0, 0, 1.5, 0, 39], "subtitle at 0.2")
        XCTAssertEqual(texts.titleAlpha, 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(texts.subtitleAlpha, 1.0 / 3, accuracy: 1e-12)
    }

    /// At rest on a page the text animator brings the labels home from (0, 10) × 1.2 and (0, 20) × 1.2 over 1 s,
    /// ease out; before any scroll they are home with the xib's 0.74 subtitle alpha.
    func testGalleryTextsSettle() {
        let start = GalleryTransforms(progress: 0, rest: GalleryRest(seconds: 0, hasScrolled: true))
        assertAffine(start.title, [1, 0, 0, 1.2, 0, 10], "title as the page lands")
        assertAffine(start.subtitle, [1, 0, 0, 1.2, 0, 20], "subtitle as the page lands")
        let half = GalleryTransforms(progress: 0, rest: GalleryRest(seconds: 0.5, hasScrolled: true))
        let k = TimingCurve.easeOut(0.5)
        assertAffine(half.title, [1, 0, 0, 1.2 - 0.2 * k, 0, 10 - 10 * k], "title half a second in")
        let done = GalleryTransforms(progress: 0, rest: GalleryRest(seconds: 1.5, hasScrolled: true))
        assertAffine(done.subtitle, [1, 0, 0, 1, 0, 0], "subtitle home")
        XCTAssertEqual(done.subtitleAlpha, 1)
        let untouched = GalleryTransforms(progress: 0, rest: GalleryRest(seconds: 0, hasScrolled: false))
        assertAffine(untouched.title, [1, 0, 0, 1, 0, 0], "title before any scroll")
        XCTAssertEqual(untouched.subtitleAlpha, 0.74)
    }

    /// The photo zooms 0.2 over 7 s of rest, then back: 3.5 s → 1.1, 7 s → 1.2, 10.5 s → 1.1, 14 s → 1.
    func testGalleryPhotoZoom() {
        for (seconds, zoom) in [(0.0, 1.0), (3.5, 1.1), (7, 1.2), (10.5, 1.1), (14, 1.0)] {
            XCTAssertEqual(GalleryTransforms.photoZoom(restedSeconds: seconds), zoom, accuracy: 1e-12, "zoom after \(seconds) s")
        }
    }

    /// The gallery's script as the animation reads it: before the first drag page 0 has rested since the start;
    /// once settled on page 1, the rest counts from the moment the offset stopped exactly on 414.
    func testGalleryRestFromTheScript() {
        let drag = ScrollGesture.drag(FingerDrag(from: Point(330, 450), to: Point(130, 450), curve: .easeIn))
        let scene = PagingCustomScene(canvas: Canvas(width: 414, height: 896), framesPerSecond: 30, sample: .gallery,
                                      physics: ScrollPhysics(decelerationRate: 0.99), gestures: [.wait(0.4), drag, .release(velocity: nil), .wait(2)],
                                      initialPage: 0, frozenOffset: nil, showsTouches: false)
        struct Fixed: TextMeasuring { func width(of text: TextContents) -> Double { 10 } }
        let animation = scene.animation(text: Fixed())
        let early = animation.galleryRest(at: 0.3)
        XCTAssertFalse(early.hasScrolled)
        XCTAssertEqual(early.seconds ?? -1, 0.3, accuracy: 1e-9)
        XCTAssertEqual(early.restedByPage[0] ?? 0, 0.3, accuracy: 1e-9)
        let late = animation.galleryRest(at: 2.5)
        XCTAssertTrue(late.hasScrolled)
        let settled = try? XCTUnwrap(late.seconds)
        XCTAssertNotNil(settled)
        XCTAssertEqual(late.restedByPage[1] ?? 0, settled ?? -1, accuracy: 1e-9)
        // Page 0 rests until the pan begins, 6 pt into the drag (about 40 ms into its ease-in).
        let fingerDrag = FingerDrag(from: Point(330, 450), to: Point(130, 450), curve: .easeIn)
        let panBegins = (1...300).first { 330 - fingerDrag.position(from: Point(330, 450), progress: Double($0) / 300).x >= ScrollPhysics.panHysteresis }!
        XCTAssertEqual(late.restedByPage[0] ?? 0, 0.4 + Double(panBegins) * ScriptClock.step, accuracy: 2e-3)
        XCTAssertEqual(animation.timeline.sample(at: 2.5).contentOffset, 414)
    }

    // MARK: Cards

    /// logProgress(min, max, p) = log10(1 + 99 × |p − min| / |max − min|) / 2; a quarter page: log10(50.5) / 2 =
    /// 1.7032914 / 2 = 0.8516457. Rows worked by hand (y, scale, angle, alpha, zIndex):
    /// - p = 0.25: y 3.25; scale 1 − 0.0125 − 0.0851646 = 0.9023354; z 0.
    /// - p = −0.25: y = −0.8516457 × 240 = −204.39497; angle = 0.8516457 × 0.08π = 0.2140425; scale
    ///   1 + 0.0125 + 0.0851646 (the dip turns into a swell behind the page) = 1.0976646.
    /// - p = −0.75: l = 1 − 0.8516457 = 0.1483543; y = −240 + 0.1483543 × 270 = −199.94434; angle = 0.08π ×
    ///   (1 − 0.1483543) = 0.2140425; scale 1.025 − 0.0875 + 0.0851646 = 1.0226646; z −10 (behind the stack).
    /// - p = 1: y 13, scale 0.95, alpha 1 (2, held to 1), z −1.
    /// - p = 3.5: alpha 1 − 3.5 + 3 = 0.5, y 39, scale 0.825 − 0.1 = 0.725, z −4 (round half away from zero).
    /// - p = −1: alpha 0, y −13, scale 1.025 − 0.175 = 0.85, z −10.
    func testCardTransforms() {
        let l = log10(50.5) / 2
        let turn = Double.pi * 0.08
        let rows: [(Double, Double, Double, Double, Double, Int)] = [
            (0, 0, 1, 0, 1, 0),
            (0.25, 3.25, 0.9875 - l * 0.1, 0, 1, 0),
            (-0.25, -l * 240, 1.0125 + l * 0.1, l * turn, 1, 0),
            (-0.75, -240 + (1 - l) * 270, 1.025 - 0.0875 + l * 0.1, turn - (1 - l) * turn, 1, -10),
            (1, 13, 0.95, 0, 1, -1),
            (3.5, 39, 0.725, 0, 0.5, -4),
            (-1, -13, 0.85, 0, 0, -10),
        ]
        XCTAssertEqual(l, 0.8516457, accuracy: 1e-7)
        for (p, y, scale, angle, alpha, z) in rows {
            let t = CardTransforms(progress: p)
            assertAffine(t.affine, [scale * cos(angle), scale * sin(angle), -scale * sin(angle), scale * cos(angle), 0, y], "card at \(p)")
            XCTAssertEqual(t.alpha, alpha, accuracy: 1e-12, "alpha at \(p)")
            XCTAssertEqual(t.zIndex, z, "zIndex at \(p)")
        }
        XCTAssertEqual(CardTransforms(progress: -0.75).affine.ty, -199.94434, accuracy: 1e-5)
        XCTAssertEqual(CardTransforms(progress: -0.25).affine.ty, -204.39497, accuracy: 1e-5)
        XCTAssertEqual(CardTransforms(progress: 0.25).affine.a, 0.9023354, accuracy: 1e-7)
    }

    // MARK: Layout

    /// The Fruits cell (414 × 788): card 57.6% × 35% of it, centred, 53 pt under a 32.5 pt page title; the
    /// details 30 pt under the card, 33 pt from the sides. The page control is five dots: 5 × 7 + 4 × 5 + 6 = 61
    /// × 13 pt, 20 pt above the card's bottom.
    func testFruitLayout() {
        struct Fixed: TextMeasuring { func width(of text: TextContents) -> Double { Double(text.string.count) * text.size * 0.5 } }
        let page = FruitPageLayout(fruit: Fruit.samples[0], cell: Size(414, 788), text: Fixed())
        XCTAssertEqual(page.card.minX, 87.768, accuracy: 1e-9)
        XCTAssertEqual(page.card.minY, 85.5, accuracy: 1e-9)
        XCTAssertEqual(page.card.width, 238.464, accuracy: 1e-9)
        XCTAssertEqual(page.card.height, 275.8, accuracy: 1e-9)
        XCTAssertEqual(page.details.minY, 391.3, accuracy: 1e-9)
        XCTAssertEqual(page.details.width, 348)
        XCTAssertEqual(page.pageControl.size, Size(61, 13))
        XCTAssertEqual(page.pageControl.minY, 275.8 - 33, accuracy: 1e-9)
        // The mango PNG is 311 × 219 pt, centred on x and at 35% of the card's height.
        XCTAssertEqual(page.image.midY, 275.8 * 0.35, accuracy: 1e-9)
        XCTAssertEqual(page.image.width, 311)
    }

    /// Each sample's pages as the layout gives them: Cards scrolls vertically from its middle item, showing 7.
    func testCardsStartInTheMiddleScrollingDown() {
        let scene = PagingCustomScene(canvas: Canvas(width: 414, height: 896), framesPerSecond: 30, sample: .cards,
                                      physics: ScrollPhysics(), gestures: [], initialPage: 0, frozenOffset: nil, showsTouches: false)
        let layout = scene.layout
        XCTAssertEqual(layout.scrollDirection, .vertical)
        let start = layout.offset(ofPage: CustomSample.cards.firstPage)
        XCTAssertEqual(start, 448_000)
        let items = layout.visibleItems(contentOffset: start)
        XCTAssertEqual(items.count, 7)
        XCTAssertEqual(items.map(\.index), Array(497...503))
        XCTAssertEqual(CustomSample.cards.firstPage % BankCard.samples.count, 50_000 % BankCard.samples.count)
    }
}
