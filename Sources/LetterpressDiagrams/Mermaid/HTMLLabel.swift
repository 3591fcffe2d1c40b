/// Text in one of Graphviz's HTML-like labels (`label=<…>`), which Graphviz reads as XML: the
/// markup characters escaped, line breaks as `<BR/>`, other control characters dropped.
enum HTMLLabel {
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "<BR/>"
            case "\t": result += " "
            default:
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { result.append(character) }
            }
        }
        return result
    }
}
