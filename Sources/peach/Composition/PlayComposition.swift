import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig
import PeachSettings

/// Wires `peach play`: the sequencer client, the output (a synth of our own if need be),
/// the note player, one note. Cancelling the task (a signal) ends the note at once, sends All
/// Notes Off, and stops the synth it started.
enum PlayComposition {
    /// Long enough for an instrument's release to be heard before the synth Peach started goes.
    static let releaseTail: Duration = .milliseconds(500)

    static func play(_ request: PlayRequest, settings: LayeredUserSettings) async throws {
        let client = try SequencerComposition.openClient()
        defer { client.close() }
        let output = try await OutputComposition.chooseOutput(
            spec: request.outputSpec, client: client, frontEnd: settings.current.frontEnd, settings: settings.rig,
            waiting: { say($0) })
        do {
            try await sound(request, to: output, client: client, settings: settings)
            if output.startedSynth != nil { try? await Task.sleep(for: releaseTail) }
        } catch {
            await output.startedSynth?.stop()
            throw error
        }
        await output.startedSynth?.stop()
    }

    private static func sound(_ request: PlayRequest, to output: ChosenOutput, client: SequencerClient,
                              settings: LayeredUserSettings) async throws {
        let port = output.port
        try client.connectOutput(to: port.address)
        // amsynth garbles what it reads together with a subscription notice, here and at our exit.
        let noticeGap = output.profile.subscriptionNoticeGap
        await noticeGap.wait()
        var configuration = NotePlayerConfiguration(
            settings: settings.rig, bendResponse: output.profile.bendResponse, loudnessResponse: output.loudnessResponse)
        configuration.sound = output.sound(configured: settings.rig.sound)
        let player = ALSANotePlayer(output: client, configuration: configuration)
        try player.prepare()
        let notes = [(request.name, request.frequency, request.bent)]
            + (request.second.map { [($0.name, $0.frequency, $0.bent)] } ?? [])
        do {
            for (index, (name, frequency, fallback)) in notes.enumerated() {
                // As the player will send it, for this synth's bend response.
                let bent = (try? PitchBendMapper(range: configuration.bendRange, response: configuration.bendResponse)
                    .bentNote(for: frequency)) ?? fallback
                let bend = bent.bend.signedValue
                say("Playing \(name) = \(String(format: "%.3f", frequency.hertz)) Hz "
                    + "(MIDI note \(bent.note.rawValue) \(bent.note.name), pitch bend \(bend > 0 ? "+" : "")\(bend)) "
                    + "for \(request.seconds) s on \(port.label.terminalSafe)")
                if index == 0, let trainingPitch = request.trainingPitch { say(trainingPitch) }
                if index == 1, let size = request.second?.size { say(size) }
                try await player.play(frequency: frequency, duration: request.duration,
                                      velocity: settings.training.velocity, amplitude: .zero)
            }
        } catch is CancellationError {
            // The player has sent the note-off; All Notes Off makes sure, whatever the synth kept.
            try? player.stopAll()
            await noticeGap.wait()
            throw CancellationError()
        }
        await noticeGap.wait()
    }

    /// Printed at once, also when stdout is a pipe.
    private static func say(_ line: String) {
        print(line)
        fflush(nil)
    }
}
