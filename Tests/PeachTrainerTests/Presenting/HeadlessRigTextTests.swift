import PeachCore
import PeachRig
import PeachTerminal
import PeachTestSupport
import PeachTrainer
import Testing

@Suite("What a headless rig's log says: its own controls, never the answer", .timeLimit(.minutes(Patience.minutes(1))))
struct HeadlessRigTextTests {
    typealias F = ReportFixtures

    @Test("without a terminal the pause line names the controller's start/stop controls, not the space bar")
    func pauseNamesTheRigsControls() async throws {
        let output = CapturedOutput()
        let presenter = LogLinePresenter(mode: .comparison, output: output, terminalKeys: false)
        let mapping = try ControllerSettings(commands: [.startStop: ControllerButton(parsing: "note:C1")])
        await presenter.present(.started(mode: .comparison, intervals: [.prime], output: "FLUID Synth", input: "Pads",
                                         controls: mapping))
        await presenter.present(.stopped(mode: .comparison, problem: nil))
        #expect(output.text.hasSuffix("comparison paused · key C1 or sustain pedal held 2 s goes on\n"), "\(output.text)")
        #expect(!output.text.contains("space"))

        // With the terminal's keys read as well, space goes on too.
        let keyed = CapturedOutput()
        let withKeys = LogLinePresenter(mode: .comparison, output: keyed)
        await withKeys.present(.started(mode: .comparison, intervals: [.prime], output: "FLUID Synth", input: "Pads",
                                        controls: mapping))
        await withKeys.present(.stopped(mode: .comparison, problem: nil))
        #expect(keyed.text.hasSuffix("comparison paused · space or key C1 or sustain pedal held 2 s goes on\n"), "\(keyed.text)")
    }

    @Test("a matching trial's log line does not say where the note starts: that tells which way to tune")
    func matchingStartKeepsTheOffset() async {
        let output = CapturedOutput()
        let presenter = LogLinePresenter(mode: .matching, output: output, terminalKeys: false)
        await presenter.present(.matchingTrialStarted(F.matchingTrial(number: 1, initial: -13.24, interval: .perfectFifthUp), trial: 1))
        #expect(output.text == "trial 1 · matching · P5 up from G4 to D5 · started\n")
    }
}
