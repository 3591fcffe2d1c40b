import LetterpressCore

/// The sizes and colours of a git graph, resolved once from the style. Lengths are in points,
/// in Mermaid's proportions: `unit` is one of Mermaid's pixels, its branch names' 16 pixels
/// being the style's font size (commits 10 across, 50 apart, lines 8 wide). Every label is set
/// at the font size: each other size costs the page a font lookup, and Mermaid's 10-pixel
/// commit labels would be 6 points on paper.
struct GitGraphMetrics {
    let fontSize: Double
    let lineHeight: Double
    /// From the top of a line of text to its baseline.
    let baseline: Double
    let unit: Double
    let radius: Double
    let mergeRadius: Double
    let mergeInnerRadius: Double
    /// Half the side of a highlighted commit's outer and inner squares.
    let highlightHalf: Double
    let highlightInnerHalf: Double
    /// From a reversed commit's centre to its cross's arms' ends, along either axis.
    let crossHalf: Double
    /// The least distance between two commits along the time axis.
    let step: Double
    /// The least distance between two branches' lines.
    let laneGap: Double
    /// Room left between what one branch holds and the next one's.
    let clearance: Double
    let arrowWidth: Double
    /// The corners of lines into and out of branches, and of lines routed between branches.
    let corner: Double
    let detourCorner: Double
    /// Around a commit label's text, and between its box and its commit.
    let labelPadding: Double
    let labelGap: Double
    let tagPadding: Double
    /// How far a tag's point reaches beyond its box, and the hole by it.
    let tagPoint: Double
    let holeRadius: Double
    /// Between a branch name's box and its line's start, and within the box, left and right.
    let branchGap: Double
    let branchPadding: Double
    let margin: Double

    let text: Color
    /// The dashed line of each branch.
    let branchLine: Color
    /// The inside of merge commits and highlighted ones, and a reversed commit's cross.
    let symbol: Color
    let cherry: Color
    let cherryMarks: Color
    let commitLabelText: Color
    let commitLabelBackground: Color
    let tagText: Color
    let tagFill: Color
    let tagStroke: Color
    let hole: Color
    private let lanes: [Color]
    private let highlights: [Color]
    private let branchTexts: [Color]

    /// A text line's box: its height, with padding above and below.
    var boxHeight: Double { lineHeight + 2 * labelPadding }

    init(style: DiagramStyle) {
        let size = style.fontSize
        fontSize = size
        lineHeight = size * 1.25
        baseline = size * 0.95
        unit = size / 16
        radius = 10 * unit
        mergeRadius = 9 * unit
        mergeInnerRadius = 6 * unit
        highlightHalf = 10 * unit
        highlightInnerHalf = 6 * unit
        crossHalf = 5 * unit
        step = 50 * unit
        laneGap = 50 * unit
        clearance = 6 * unit
        arrowWidth = 8 * unit
        corner = 20 * unit
        detourCorner = 10 * unit
        labelPadding = 2 * unit
        labelGap = 3.5 * unit
        tagPadding = 4 * unit
        tagPoint = 8 * unit
        holeRadius = 1.5 * unit
        branchGap = 5 * unit
        branchPadding = 9 * unit
        margin = size * 0.4

        let colors = style.chartColors
        let darkPage = style.textColor.luminance > 0.5
        text = style.textColor
        branchLine = style.lineColor.withAlpha(0.6)
        symbol = style.nodeFill
        cherry = style.lineColor
        cherryMarks = style.lineColor.luminance < 0.5 ? .white : .black
        commitLabelText = colors["commitLabelColor"] ?? style.textColor
        commitLabelBackground = (colors["commitLabelBackground"] ?? style.clusterFill).withAlpha(0.5)
        tagText = colors["tagLabelColor"] ?? style.textColor
        tagFill = colors["tagLabelBackground"] ?? style.nodeFill
        tagStroke = colors["tagLabelBorder"] ?? style.nodeFill.mixed(with: style.lineColor, 0.25)
        hole = style.lineColor
        let derived = Self.palette(from: style.nodeFill, darkPage: darkPage)
        let laneColors = (0..<8).map { colors["git\($0)"] ?? derived[$0] }
        lanes = laneColors
        highlights = laneColors.enumerated().map { index, lane in
            let (hue, saturation, _) = lane.hsl
            return colors["gitInv\(index)"] ?? Color(hue: hue + 180, saturation: saturation, lightness: darkPage ? 0.85 : 0.2)
        }
        branchTexts = laneColors.enumerated().map { colors["gitBranchLabel\($0.offset)"] ?? ($0.element.luminance < 0.5 ? .white : .black) }
    }

    /// Branch `lane`'s colour: Mermaid's eight, over again from the ninth branch.
    func lane(_ lane: Int) -> Color { lanes[lane % lanes.count] }
    /// The outer square of a highlighted commit on branch `lane`.
    func highlight(_ lane: Int) -> Color { highlights[lane % highlights.count] }
    /// The text of branch `lane`'s name, on a box in its colour.
    func branchText(_ lane: Int) -> Color { branchTexts[lane % branchTexts.count] }

    /// Eight branch colours from the node fill, as Mermaid's themes make `git0`…`git7` from
    /// their primary colour: its hue, turned by 180° (the secondary colour's in the default
    /// theme), 200°, -30°, -60°, -90°, 60° and 120°; saturated enough to tell apart (70% at
    /// least: the shipped themes' fills are greyish), and 50 points darker (lighter on a dark
    /// page), which gives the default theme Mermaid's own.
    static func palette(from fill: Color, darkPage: Bool) -> [Color] {
        let (hue, saturation, lightness) = fill.hsl
        let laneLightness = darkPage ? min(max(lightness + 0.45, 0.55), 0.7) : min(max(lightness - 0.5, 0.3), 0.5)
        return [0.0, 180, 200, -30, -60, -90, 60, 120].map {
            Color(hue: hue + $0, saturation: max(saturation, 0.7), lightness: laneLightness)
        }
    }
}
