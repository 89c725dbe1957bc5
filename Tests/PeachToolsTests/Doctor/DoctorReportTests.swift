import Foundation
import PeachTools
import Testing

@Suite("peach doctor: the report")
struct DoctorReportTests {
    static let ok = DoctorFinding.ok("a", "First", found: "fine")
    static let warning = DoctorFinding.warning("b", "Second", found: "odd", advice: "look")
    static let problem = DoctorFinding.problem("c", "Third", found: "broken", fix: "line one\nline two")

    @Test("exit status 0 with warnings, 1 with any problem")
    func exitStatus() {
        #expect(DoctorReport(findings: [Self.ok, Self.warning]).exitStatus == 0)
        #expect(DoctorReport(findings: [Self.ok, Self.problem, Self.warning]).exitStatus == 1)
        #expect(DoctorReport(findings: []).exitStatus == 0)
    }

    @Test("text: one line per finding, the fix indented below, a summary")
    func text() {
        let text = DoctorReport(findings: [Self.ok, Self.warning, Self.problem]).text
        #expect(text == """
            ok       First: fine
            warning  Second: odd
                     advice: look
            PROBLEM  Third: broken
                     fix: line one
                          line two

            1 problem, 1 warning: fix the problems above and run `peach doctor` again.
            """)
        #expect(DoctorReport(findings: [Self.ok]).summary == "Everything looks fine.")
        #expect(DoctorReport(findings: [Self.warning, Self.warning]).summary == "2 warnings; nothing stops Peach.")
    }

    @Test("json: an array of objects with check, title, verdict, found and fix (null when none)")
    func json() throws {
        let data = Data(DoctorReport(findings: [Self.ok, Self.problem]).json.utf8)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["check"] as? String == "a")
        #expect(array[0]["verdict"] as? String == "ok")
        #expect(array[0]["fix"] is NSNull)
        #expect(array[1]["title"] as? String == "Third")
        #expect(array[1]["verdict"] as? String == "problem")
        #expect(array[1]["found"] as? String == "broken")
        #expect(array[1]["fix"] as? String == "line one\nline two")
    }
}
