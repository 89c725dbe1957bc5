import PeachCore
import PeachTerminal
import Testing

@Suite("TerminalKeyMapping")
struct TerminalKeyMappingTests {
    @Test("comparison: ↑ or h answers higher, ↓ or l lower; tuning keys do nothing",
          arguments: [
              (TerminalKey.up, [TrainingInput.answer(higher: true)]),
              (.character("h"), [.answer(higher: true)]),
              (.character("H"), [.answer(higher: true)]),
              (.down, [.answer(higher: false)]),
              (.character("l"), [.answer(higher: false)]),
              (.left, []), (.right, []), (.enter, []), (.character("x"), []), (.escape, []),
          ])
    func comparison(key: TerminalKey, expected: [TrainingInput]) {
        var mapping = TerminalKeyMapping(answers: .higherOrLower)
        #expect(mapping.map(key) == expected)
    }

    @Test("commands work in every session and with none",
          arguments: [AnswerVocabulary.higherOrLower, .tuning, nil])
    func commands(session: AnswerVocabulary?) {
        var mapping = TerminalKeyMapping(answers: session)
        #expect(mapping.map(.space) == [.command(.startStop)])
        #expect(mapping.map(.character("m")) == [.command(.nextMode)])
        #expect(mapping.map(.tab) == [.command(.nextMode)])
        #expect(mapping.map(.character("q")) == [.command(.quit)])
    }

    @Test("p starts and stops in every session; in rhythm matching space and Enter tap, stamped with the time given")
    func rhythmKeys() {
        for session in [AnswerVocabulary.higherOrLower, .tuning, .earlyOrLate, .tap] {
            var mapping = TerminalKeyMapping(answers: session)
            #expect(mapping.map(.character("p")) == [.command(.startStop)], "\(session)")
        }
        var matching = TerminalKeyMapping(answers: .tap)
        #expect(matching.map(.space, now: 42) == [.tap(nanoseconds: 42)])
        #expect(matching.map(.enter, now: 43) == [.tap(nanoseconds: 43)])
        #expect(matching.map(.left, now: 44) == [])
        var detection = TerminalKeyMapping(answers: .earlyOrLate)
        #expect(detection.map(.left) == [.timing(early: true)])
        #expect(detection.map(.character("e")) == [.timing(early: true)])
        #expect(detection.map(.right) == [.timing(early: false)])
        #expect(detection.map(.character("l")) == [.timing(early: false)])
        #expect(detection.map(.space) == [.command(.startStop)])
        #expect(detection.map(.up) == [])
    }

    @Test("no session: answers and tuning keys do nothing")
    func noSession() {
        var mapping = TerminalKeyMapping()
        for key in [TerminalKey.up, .down, .left, .right, .enter, .character("h")] {
            #expect(mapping.map(key).isEmpty)
        }
    }

    @Test("matching: the first movement touches, then adjusts; → is +1 cent (0.05), ← −1 cent")
    func touchThenAdjust() {
        var mapping = TerminalKeyMapping(answers: .tuning)
        #expect(mapping.map(.right) == [.touch, .adjust(0.05)])
        #expect(mapping.map(.right) == [.adjust(0.1)])
        #expect(mapping.map(.left) == [.adjust(0.05)])
        #expect(mapping.map(.left) == [.adjust(0)])
        #expect(mapping.map(.left) == [.adjust(-0.05)])
        #expect(mapping.map(.enter) == [.commit])
    }

    @Test("matching: shift-arrows and ↑/↓ move by a tenth of a cent, exactly")
    func fineSteps() {
        var mapping = TerminalKeyMapping(answers: .tuning)
        #expect(mapping.map(.modified(.right, .shift)) == [.touch, .adjust(0.005)])
        for _ in 0..<9 { _ = mapping.map(.up) }
        #expect(mapping.position == 0.05)
        #expect(mapping.map(.down) == [.adjust(0.045)])
        #expect(mapping.map(.modified(.left, .shift)) == [.adjust(0.04)])
    }

    @Test("the position stops at ±20 cents; pressing on at the end sends nothing")
    func clamped() {
        var mapping = TerminalKeyMapping(answers: .tuning)
        var last: [TrainingInput] = []
        for _ in 0..<25 { last = mapping.map(.right) }
        #expect(mapping.position == 1)
        #expect(last.isEmpty)
        for _ in 0..<45 { _ = mapping.map(.left) }
        #expect(mapping.position == -1)
        #expect(mapping.map(.left).isEmpty)
        #expect(mapping.map(.modified(.left, .shift)).isEmpty)
        #expect(mapping.map(.right) == [.adjust(-0.95)])
    }

    @Test("a new trial recentres the position and the next movement touches again")
    func recentres() {
        var mapping = TerminalKeyMapping(answers: .tuning)
        _ = mapping.map(.right)
        _ = mapping.map(.right)
        mapping.trialStarted()
        #expect(mapping.position == 0)
        #expect(mapping.map(.left) == [.touch, .adjust(-0.05)])
    }

    @Test("the help text names every key")
    func help() {
        for word in ["↑ or h", "↓ or l", "←/→", "shift", "Enter", "space", "m or Tab", "q quit"] {
            #expect(TerminalKeyMapping.help.contains(word), "missing \(word)")
        }
    }

    @Test("the help fits the terminal: lines no wider than it, broken between keys, never inside a word",
          arguments: [40, 60, 80, 100, 200])
    func helpWraps(columns: Int) {
        let help = TerminalKeyMapping.help(columns: columns)
        let lines = help.split(separator: "\n")
        for line in lines { #expect(DisplayWidth.columns(of: line) <= columns, "\(line)") }
        let words = Set(TerminalKeyMapping.help.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        for word in help.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            #expect(words.contains(word), "\(word) is a piece of a word")
        }
        // Continuation lines line up under the keys.
        for line in lines.dropFirst() { #expect(line.hasPrefix("      ")) }
    }

    @Test("at 80 columns the matching row continues under its keys")
    func helpAtEighty() {
        #expect(TerminalKeyMapping.help(columns: 80) == """
            keys: comparison  ↑ or h higher · ↓ or l lower
                  matching    ←/→ tune by 1 cent · shift+←/→ or ↓/↑ by 0.1 cent
                              Enter commit
                  always      space or p start/stop · m or Tab next mode
                              q quit (Ctrl-C too)
            """)
    }

    @Test("a rhythm run's help names early, late and the tap, and says a key is coarser than a pad")
    func rhythmHelpAtEighty() {
        #expect(TerminalKeyMapping.help(columns: 80, rhythm: true) == """
            keys: offset    ← or e early · → or l late
                  matching  space or Enter taps (a few ms coarser than a pad)
                  always    p start/stop (space too while paused) · m or Tab next mode
                            q quit (Ctrl-C too)
            """)
    }
}
