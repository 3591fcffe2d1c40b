// Written by CompiledThemeTests from Themes/default.yaml; do not edit. After changing the
// YAML: LETTERPRESS_RECORD_GOLDEN=1 swift test --filter CompiledThemeTests
import LetterpressCore
import LetterpressMarkup

extension ThemeSpec {
    /// `default.yaml`, decoded when Letterpress was built: decoding it at start took
    /// some 40M instructions, most of them the Swift runtime's first look-ups of the
    /// theme types' conformances. Unsafe: only ever read.
    nonisolated(unsafe) static let compiledDefault: ThemeSpec = {
        var value = LetterpressStyling.ThemeSpec()
        value.description = "Quiet sans-serif notes, with page numbers."
        value.page = {
            var value = LetterpressStyling.PageSpec()
            value.margin = LetterpressCore.Margins(top: 64.0, right: 68.0, bottom: 64.0, left: 68.0)
            value.background = LetterpressCore.Color(red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0)
            value.footer = {
                var value = LetterpressStyling.HeaderFooterSpec()
                value.center = "{page}"
                value.firstPage = false
                return value
            }()
            return value
        }()
        value.body = {
            var value = LetterpressStyling.StyleSpec()
            value.font = LetterpressStyling.FontList(families: [
                "DejaVu Sans",
                "Liberation Sans",
                "sans-serif",
            ])
            value.size = 10.5
            value.foregroundColor = LetterpressCore.Color(red: 0.1411764705882353, green: 0.1607843137254902, blue: 0.1843137254901961, alpha: 1.0)
            value.lineHeight = 1.45
            value.spaceAfter = 7.0
            value.align = LetterpressStyling.TextAlignment(rawValue: "left")!
            return value
        }()
        value.heading = {
            var value = LetterpressStyling.StyleSpec()
            value.font = LetterpressStyling.FontList(families: [
                "DejaVu Sans",
                "Liberation Sans",
                "sans-serif",
            ])
            value.fontWeight = LetterpressMarkup.FontWeight(rawValue: "bold")!
            value.foregroundColor = LetterpressCore.Color(red: 0.06666666666666667, green: 0.0784313725490196, blue: 0.09411764705882353, alpha: 1.0)
            value.lineHeight = 1.2
            value.spaceAfter = 6.0
            return value
        }()
        value.headings = [
            {
                var value = LetterpressStyling.StyleSpec()
                value.size = 22.0
                value.spaceBefore = 20.0
                value.spaceAfter = 10.0
                return value
            }(),
            {
                var value = LetterpressStyling.StyleSpec()
                value.size = 16.0
                value.spaceBefore = 16.0
                return value
            }(),
            {
                var value = LetterpressStyling.StyleSpec()
                value.size = 13.0
                value.spaceBefore = 14.0
                return value
            }(),
            {
                var value = LetterpressStyling.StyleSpec()
                value.size = 11.5
                value.spaceBefore = 12.0
                return value
            }(),
            {
                var value = LetterpressStyling.StyleSpec()
                value.size = 10.5
                value.spaceBefore = 10.0
                return value
            }(),
            {
                var value = LetterpressStyling.StyleSpec()
                value.size = 10.5
                value.foregroundColor = LetterpressCore.Color(red: 0.3411764705882353, green: 0.3764705882352941, blue: 0.41568627450980394, alpha: 1.0)
                value.spaceBefore = 10.0
                return value
            }(),
        ]
        value.code = {
            var value = LetterpressStyling.CodeSpec()
            value.style = {
                var value = LetterpressStyling.StyleSpec()
                value.font = LetterpressStyling.FontList(families: [
                    "DejaVu Sans Mono",
                    "Liberation Mono",
                    "monospace",
                ])
                value.size = 9.0
                value.foregroundColor = LetterpressCore.Color(red: 0.1411764705882353, green: 0.1607843137254902, blue: 0.1843137254901961, alpha: 1.0)
                value.backgroundColor = LetterpressCore.Color(red: 0.9529411764705882, green: 0.9568627450980393, blue: 0.9647058823529412, alpha: 1.0)
                value.lineHeight = 1.35
                value.spaceAfter = 9.0
                value.padding = 8.0
                return value
            }()
            value.syntax = [
                "attribute": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.06666666666666667, green: 0.38823529411764707, blue: 0.1607843137254902, alpha: 1.0)
                    return value
                }(),
                "comment": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.43137254901960786, green: 0.4666666666666667, blue: 0.5058823529411764, alpha: 1.0)
                    value.italic = true
                    return value
                }(),
                "constant": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.0196078431372549, green: 0.3137254901960784, blue: 0.6823529411764706, alpha: 1.0)
                    return value
                }(),
                "deleted": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.5098039215686274, green: 0.027450980392156862, blue: 0.11764705882352941, alpha: 1.0)
                    value.background = LetterpressCore.Color(red: 1.0, green: 0.9215686274509803, blue: 0.9137254901960784, alpha: 1.0)
                    return value
                }(),
                "function": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.5098039215686274, green: 0.3137254901960784, blue: 0.8745098039215686, alpha: 1.0)
                    return value
                }(),
                "inserted": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.06666666666666667, green: 0.38823529411764707, blue: 0.1607843137254902, alpha: 1.0)
                    value.background = LetterpressCore.Color(red: 0.8549019607843137, green: 0.984313725490196, blue: 0.8823529411764706, alpha: 1.0)
                    return value
                }(),
                "keyword": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.8117647058823529, green: 0.13333333333333333, blue: 0.1803921568627451, alpha: 1.0)
                    return value
                }(),
                "number": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.0196078431372549, green: 0.3137254901960784, blue: 0.6823529411764706, alpha: 1.0)
                    return value
                }(),
                "operator": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.3411764705882353, green: 0.3764705882352941, blue: 0.41568627450980394, alpha: 1.0)
                    return value
                }(),
                "preprocessor": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.10588235294117647, green: 0.48627450980392156, blue: 0.5137254901960784, alpha: 1.0)
                    return value
                }(),
                "string": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.0392156862745098, green: 0.18823529411764706, blue: 0.4117647058823529, alpha: 1.0)
                    return value
                }(),
                "type": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.5843137254901961, green: 0.2196078431372549, blue: 0.0, alpha: 1.0)
                    return value
                }(),
                "variable": {
                    var value = LetterpressStyling.TokenStyle()
                    value.color = LetterpressCore.Color(red: 0.5843137254901961, green: 0.2196078431372549, blue: 0.0, alpha: 1.0)
                    return value
                }(),
            ]
            value.lineHighlight = LetterpressCore.Color(red: 1.0, green: 0.9607843137254902, blue: 0.6941176470588235, alpha: 1.0)
            return value
        }()
        value.inlineCode = {
            var value = LetterpressStyling.InlineStyleSpec()
            value.font = LetterpressStyling.FontList(families: [
                "DejaVu Sans Mono",
                "Liberation Mono",
                "monospace",
            ])
            value.size = 0.88
            value.backgroundColor = LetterpressCore.Color(red: 0.9372549019607843, green: 0.9450980392156862, blue: 0.9529411764705882, alpha: 1.0)
            return value
        }()
        value.quote = {
            var value = LetterpressStyling.StyleSpec()
            value.foregroundColor = LetterpressCore.Color(red: 0.3411764705882353, green: 0.3764705882352941, blue: 0.41568627450980394, alpha: 1.0)
            value.indent = 14.0
            value.barColor = LetterpressCore.Color(red: 0.8156862745098039, green: 0.8431372549019608, blue: 0.8705882352941177, alpha: 1.0)
            value.barWidth = 3.0
            return value
        }()
        value.link = {
            var value = LetterpressStyling.InlineStyleSpec()
            value.foregroundColor = LetterpressCore.Color(red: 0.0392156862745098, green: 0.34509803921568627, blue: 0.792156862745098, alpha: 1.0)
            return value
        }()
        value.list = {
            var value = LetterpressStyling.ListSpec()
            value.indent = 18.0
            value.itemSpacing = 2.0
            value.markerColor = LetterpressCore.Color(red: 0.3411764705882353, green: 0.3764705882352941, blue: 0.41568627450980394, alpha: 1.0)
            value.bullets = [
                "•",
                "◦",
                "▪",
            ]
            return value
        }()
        value.table = {
            var value = LetterpressStyling.TableSpec()
            value.header = {
                var value = LetterpressStyling.StyleSpec()
                value.fontWeight = LetterpressMarkup.FontWeight(rawValue: "bold")!
                value.backgroundColor = LetterpressCore.Color(red: 0.9529411764705882, green: 0.9568627450980393, blue: 0.9647058823529412, alpha: 1.0)
                return value
            }()
            value.borderColor = LetterpressCore.Color(red: 0.8156862745098039, green: 0.8431372549019608, blue: 0.8705882352941177, alpha: 1.0)
            value.borderWidth = 0.6
            value.padding = 4.5
            return value
        }()
        value.rule = {
            var value = LetterpressStyling.RuleSpec()
            value.color = LetterpressCore.Color(red: 0.8156862745098039, green: 0.8431372549019608, blue: 0.8705882352941177, alpha: 1.0)
            value.thickness = 1.0
            return value
        }()
        value.footnotes = {
            var value = LetterpressStyling.FootnotesSpec()
            value.style = {
                var value = LetterpressStyling.StyleSpec()
                value.size = 8.5
                value.foregroundColor = LetterpressCore.Color(red: 0.3411764705882353, green: 0.3764705882352941, blue: 0.41568627450980394, alpha: 1.0)
                return value
            }()
            return value
        }()
        value.alerts = {
            var value = LetterpressStyling.AlertSpec()
            value.body = {
                var value = LetterpressStyling.StyleSpec()
                value.indent = 14.0
                value.barWidth = 3.0
                return value
            }()
            value.note = LetterpressCore.Color(red: 0.03529411764705882, green: 0.4117647058823529, blue: 0.8549019607843137, alpha: 1.0)
            value.tip = LetterpressCore.Color(red: 0.10196078431372549, green: 0.4980392156862745, blue: 0.21568627450980393, alpha: 1.0)
            value.important = LetterpressCore.Color(red: 0.5098039215686274, green: 0.3137254901960784, blue: 0.8745098039215686, alpha: 1.0)
            value.warning = LetterpressCore.Color(red: 0.6039215686274509, green: 0.403921568627451, blue: 0.0, alpha: 1.0)
            value.caution = LetterpressCore.Color(red: 0.8196078431372549, green: 0.1411764705882353, blue: 0.1843137254901961, alpha: 1.0)
            value.quote = LetterpressCore.Color(red: 0.34901960784313724, green: 0.38823529411764707, blue: 0.43137254901960786, alpha: 1.0)
            value.plain = LetterpressCore.Color(red: 0.34901960784313724, green: 0.38823529411764707, blue: 0.43137254901960786, alpha: 1.0)
            return value
        }()
        value.toc = {
            var value = LetterpressStyling.ContentsSpec()
            value.title = {
                var value = LetterpressStyling.StyleSpec()
                value.size = 16.0
                value.spaceBefore = 12.0
                value.spaceAfter = 8.0
                return value
            }()
            value.entry = {
                var value = LetterpressStyling.StyleSpec()
                value.size = 10.5
                value.lineHeight = 1.3
                value.spaceBefore = 1.0
                value.spaceAfter = 1.0
                return value
            }()
            value.levels = [
                {
                    var value = LetterpressStyling.StyleSpec()
                    value.fontWeight = LetterpressMarkup.FontWeight(rawValue: "bold")!
                    value.spaceBefore = 5.0
                    return value
                }(),
                {
                    var value = LetterpressStyling.StyleSpec()
                    return value
                }(),
                {
                    var value = LetterpressStyling.StyleSpec()
                    value.size = 9.5
                    value.foregroundColor = LetterpressCore.Color(red: 0.3411764705882353, green: 0.3764705882352941, blue: 0.41568627450980394, alpha: 1.0)
                    return value
                }(),
            ]
            value.leader = "."
            value.indent = 14.0
            return value
        }()
        value.definitionList = {
            var value = LetterpressStyling.DefinitionListSpec()
            value.term = {
                var value = LetterpressStyling.StyleSpec()
                value.fontWeight = LetterpressMarkup.FontWeight(rawValue: "bold")!
                value.spaceBefore = 4.0
                value.spaceAfter = 1.0
                return value
            }()
            value.indent = 18.0
            return value
        }()
        value.math = {
            var value = LetterpressStyling.MathSpec()
            value.font = LetterpressStyling.FontList(families: [
                "DejaVu Math TeX Gyre",
                "TeX Gyre DejaVu Math",
                "Latin Modern Math",
            ])
            value.size = 1.0
            value.errorColor = LetterpressCore.Color(red: 0.8196078431372549, green: 0.1411764705882353, blue: 0.1843137254901961, alpha: 1.0)
            value.align = LetterpressStyling.MathAlignment(rawValue: "center")!
            value.indent = 24.0
            value.spaceBefore = 6.0
            value.spaceAfter = 8.0
            return value
        }()
        value.diagram = {
            var value = LetterpressStyling.DiagramSpec()
            value.size = 0.9
            value.nodeBackgroundColor = LetterpressCore.Color(red: 0.9254901960784314, green: 0.9254901960784314, blue: 1.0, alpha: 1.0)
            value.groupBackgroundColor = LetterpressCore.Color(red: 1.0, green: 1.0, blue: 0.8705882352941177, alpha: 1.0)
            return value
        }()
        value.badge = {
            var value = LetterpressStyling.BadgeSpec()
            value.maxSize = 32.0
            return value
        }()
        return value
    }()
}
