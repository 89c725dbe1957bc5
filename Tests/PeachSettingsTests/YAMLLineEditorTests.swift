import Foundation
@testable import PeachSettings
import Testing

@Suite("YAML line editor")
struct YAMLLineEditorTests {
    @Test("nested paths are recognised through comments, lists and quoted keys")
    func scanFindsPaths() {
        let editor = YAMLLineEditor(text: """
            a: 1 # one
            "b c": x
            midi:
              # comment
              channel: 3
              ports:
              - one
              - two
            sound: {program: 1}
            """)
        #expect(editor.paths == ["a", "b c", "midi", "midi.channel", "midi.ports", "sound"])
    }

    @Test("a missing nested key goes at the end of its parent mapping, at its indentation")
    func insertsIntoParent() {
        var editor = YAMLLineEditor(text: "midi:\n    channel: 3\nvelocity: 70\n")
        editor.set("midi.inputPort", to: "\"x\"")
        #expect(editor.text == "midi:\n    channel: 3\n    inputPort: \"x\"\nvelocity: 70\n")
    }

    @Test("a quoted value with # keeps its trailing comment")
    func quotedHashAndComment() {
        var editor = YAMLLineEditor(text: "port: \"a #1\"  # mine\n")
        editor.set("port", to: "\"b\"")
        #expect(editor.text == "port: \"b\"  # mine\n")
    }
}
