import ArgumentParser
import Letterpress
import Testing
@testable import render

/// Each typed option reads its good values, and its bad ones give the usage error the command
/// line has always given, word for word.
@Suite struct TypedOptionTests {
    /// The message `validate()` prints for `text`, or nil when it reads.
    private func message<Value: ArgumentValue>(_ type: Value.Type, _ text: String) -> String? {
        do {
            _ = try Parsed<Value>(argument: text).value()
            return nil
        } catch let error as ValidationError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func format() throws {
        #expect(try Parsed<OutputFormat>(argument: "PNG").value() == .png)
        #expect(try Parsed<OutputFormat>(argument: "svg").value() == .svg)
        #expect(message(OutputFormat.self, "gif") == "unknown format 'gif' (use pdf, png or svg)")
    }

    @Test func pageSize() throws {
        #expect(try Parsed<PageSize>(argument: "a4").value() == .a4)
        #expect(try Parsed<PageSize>(argument: "200x100").value() == PageSize(width: 200, height: 100))
        #expect(message(PageSize.self, "huge") == "--page-size 'huge' is not a3, a4, a5, a6, b4, b5, letter, legal, tabloid, executive or WIDTHxHEIGHT, each with -landscape or not")
    }

    @Test func margin() throws {
        #expect(try Parsed<Margins>(argument: "10,20").value() == Margins(top: 10, right: 20, bottom: 10, left: 20))
        #expect(message(Margins.self, "1,2,3") == "--margin '1,2,3' is not 1, 2 or 4 lengths")
    }

    @Test func textSize() throws {
        #expect(try Parsed<TextSize>(argument: "accessibility2").value() == .accessibility2)
        let names = TextSize.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(message(TextSize.self, "huge") == "unknown --text-size 'huge' (one of \(names))")
        #expect(message(TextSize.self, "larg") == "unknown --text-size 'larg' (did you mean 'large'?) (one of \(names))")
    }

    @Test func tolerance() throws {
        #expect(try Parsed<Tolerance>(argument: "0.002").value().fraction == 0.002)
        #expect(try Parsed<Tolerance>(argument: " 0.5% ").value().fraction == 0.005)
        #expect(try Parsed<Tolerance>(argument: "1").value().fraction == 1)
        for bad in ["2", "-0.1", "101%", "x", ""] {
            #expect(message(Tolerance.self, bad) == "--tolerance must be a fraction from 0 to 1, or a percentage", "\(bad)")
        }
    }

    @Test func shard() throws {
        let shard = try Parsed<Shard>(argument: "2/3").value()
        #expect(shard.index == 2 && shard.count == 3)
        #expect(shard.slice(Array(0..<8)) == [1, 4, 7])
        for bad in ["4/3", "0/2", "x", "1/0", "1/2/3"] {
            #expect(message(Shard.self, bad) == "--shard takes I/N with 1 ≤ I ≤ N, such as 2/4", "\(bad)")
        }
    }

    @Test func shardsAreDisjointAndCoverEveryItem() throws {
        let items = Array(0..<10)
        let slices = try (1...3).map { try Parsed<Shard>(argument: "\($0)/3").value().slice(items) }
        #expect(slices.flatMap { $0 }.sorted() == items)
    }

    @Test func locale() throws {
        #expect(try Parsed<LocaleName>(argument: "de_DE.UTF-8").value().identifier == "de_DE")
        #expect(try Parsed<LocaleName>(argument: "C.UTF-8").value().identifier == "en")
        #expect(try Parsed<LocaleName>(argument: "POSIX").value().identifier == "en")
        #expect(try Parsed<LocaleName>(argument: "zh-Hans").value().identifier == "zh-Hans")
        #expect(message(LocaleName.self, "xx.UTF-8")
            == "--locale 'xx.UTF-8' names no language this machine knows (such as en, fr, de-CH or zh-Hans)")
    }

    @Test func variables() throws {
        let assignments = ["a=1", "b=x=y", "a=2", "_c="].map(Parsed<VariableAssignment>.init(argument:))
        #expect(try VariableAssignment.dictionary(assignments) == ["a": "2", "b": "x=y", "_c": ""])
        #expect(message(VariableAssignment.self, "1=2") == "--var '1=2' is not name=value (a name starts with a letter or _)")
        #expect(message(VariableAssignment.self, "a") == "--var 'a' is not name=value (a name starts with a letter or _)")
    }

    /// The help shows a default as written, not as the value it reads as.
    @Test func defaultsShowTheirText() {
        #expect(Parsed<Tolerance>(argument: "0").defaultValueDescription == "0")
        #expect(Parsed<LocaleName>(argument: "en").defaultValueDescription == "en")
    }
}
