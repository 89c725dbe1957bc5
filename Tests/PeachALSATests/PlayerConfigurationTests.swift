import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachTestSupport
import Testing

@Suite("Note player configuration and velocity")
struct PlayerConfigurationTests {
    /// Only what the player reads differs from the defaults.
    static func settings() -> RigSettings {
        RigSettings {
            $0.midiChannel = try! MIDIChannel(5)
            $0.pitchBendRange = try! PitchBendRange(semitones: 12)
            $0.sound = try! SoundSelection(program: 73, bank: 129)
        }
    }

    @Test func channelBendRangeAndSoundComeFromTheSettings() throws {
        let configuration = NotePlayerConfiguration(settings: Self.settings())
        #expect(configuration.channels == .single(try MIDIChannel(5)))
        #expect(configuration.bendRange.semitones == 12)
        #expect(configuration.sendsBendRange)
        #expect(configuration.synthA4 == .concertA)
        #expect(configuration.setupMessages(for: try MIDIChannel(5)) == [
            .controlChange(channel: 4, controller: 123, value: 0), .pitchBend(channel: 4, value: 0),
            .controlChange(channel: 4, controller: 0, value: 1), .controlChange(channel: 4, controller: 32, value: 1),
            .programChange(channel: 4, program: 73),
        ] + PitchBendSensitivity.messages(for: try PitchBendRange(semitones: 12), on: try MIDIChannel(5)) + [
            .controlChange(channel: 4, controller: 11, value: 71),
        ])
    }

    @Test func aPoolReplacesTheSingleChannelAndTheRPNCanBeOff() throws {
        let pool = try ChannelPool([MIDIChannel(2), MIDIChannel(3)])
        let configuration = NotePlayerConfiguration(settings: Self.settings(), channels: pool, sendsBendRange: false)
        #expect(configuration.channels == pool)
        #expect(configuration.setupMessages(for: try MIDIChannel(3)).count == 6)
    }

    @Test func aSynthThatTakesVelocityGetsNoExpressionInItsSetup() throws {
        let configuration = NotePlayerConfiguration(settings: Self.settings(), sendsBendRange: false, loudnessResponse: .velocity)
        #expect(configuration.setupMessages(for: try MIDIChannel(5)) == [
            .controlChange(channel: 4, controller: 123, value: 0), .pitchBend(channel: 4, value: 0),
            .controlChange(channel: 4, controller: 0, value: 1), .controlChange(channel: 4, controller: 32, value: 1),
            .programChange(channel: 4, program: 73),
        ])
    }

    @Test func velocityIsScaledByTheSquareRootOfTheAmplitudeRatio() throws {
        func velocity(_ base: Int, _ decibels: Double) throws -> Int {
            VelocityMapping.velocity(try MIDIVelocity(base), amplitude: try AmplitudeDB(decibels: decibels)).rawValue
        }
        #expect(try velocity(80, 0) == 80)
        #expect(try velocity(80, -40) == 8)      // 10^(−40/40) = 0.1
        #expect(try velocity(80, 6) == 113)      // × 1.413
        #expect(try velocity(127, 12) == 127)    // clamped
        #expect(try velocity(1, -90) == 1)       // never silent
        #expect(try velocity(100, -10) == 56)    // × 0.562
    }
}
