import Foundation
import PeachALSA
import PeachCore
import PeachRig
import Testing
import PeachTestSupport

@Suite("Frequency to MIDI note and pitch bend")
struct PitchBendMapperTests {
    let mapper = PitchBendMapper()

    func hertz(note: Int, cents: Double) -> Double { 440 * pow(2, (Double(note - 69) * 100 + cents) / 1200) }
    func frequency(note: Int, cents: Double) throws -> Frequency { try Frequency(hertz: hertz(note: note, cents: cents)) }
    /// How far the synth's pitch lies from the requested one, in cents.
    func errorCents(_ bent: BentNote, _ requested: Frequency) -> Double {
        abs(1200 * log2(mapper.hertz(of: bent) / requested.hertz))
    }

    @Test func everyMIDINoteWithoutOffsetIsThatNoteWithCentredBend() throws {
        for note in 0...127 {
            let bent = try mapper.bentNote(for: frequency(note: note, cents: 0))
            #expect(bent == BentNote(note: try MIDINote(note), bend: .centre), "note \(note)")
        }
    }

    @Test func everyNoteAndTenThousandRandomOffsetsStayWithinHalfABendStep() throws {
        var random = SplitMix64(seed: 3)
        var worstRetune = 0.0
        var worstNearest = 0.0
        let reach = PitchBendMapper.reach(of: mapper.range)
        for note in 0...127 {
            let midiNote = try MIDINote(note)
            for _ in 0..<10_000 {
                // Retuning a sounding note: any offset the bend can reach.
                let offset = Double.random(in: reach.lowerBound..<(reach.upperBound + mapper.stepCents / 2), using: &random)
                let target = try frequency(note: note, cents: offset)
                let bend = try mapper.bend(for: target, on: midiNote)
                worstRetune = max(worstRetune, errorCents(BentNote(note: midiNote, bend: bend), target))
                // A new note: the nearest note, whose bend is then at most half a semitone.
                let near = try frequency(note: note, cents: offset / 4)
                guard (-0.5...127.49).contains(Double(note) + offset / 400) else { continue }
                let bent = try mapper.bentNote(for: near)
                #expect(abs(Double(bent.note.rawValue) - (Double(note) + offset / 400)) <= 0.5)
                worstNearest = max(worstNearest, errorCents(bent, near))
            }
        }
        #expect(worstRetune <= 0.0123)
        #expect(worstNearest <= 0.0123)
        // The bound is tight: half of 200/8192 c is 0.01221 c, and random offsets come close to it.
        #expect(worstRetune > 0.0120)
    }

    @Test func bendIsRoundedToTheNearestStepNotTruncated() throws {
        let step = mapper.stepCents
        // 10.7 steps above and below A4: rounding gives ±11, truncation would give ±10.
        let up = try mapper.bentNote(for: frequency(note: 69, cents: 10.7 * step))
        let down = try mapper.bentNote(for: frequency(note: 69, cents: -10.7 * step))
        #expect(up.bend.signedValue == 11)
        #expect(down.bend.signedValue == -11)
        // 10.3 steps: both round and truncate to 10.
        #expect(try mapper.bentNote(for: frequency(note: 69, cents: 10.3 * step)).bend.signedValue == 10)
        // Truncating would leave 0.7 step = 0.0171 c of error, beyond the 0.0123 c bound.
        #expect(0.7 * step > 0.0123)
        #expect(errorCents(up, try frequency(note: 69, cents: 10.7 * step)) < 0.31 * step)
    }

    @Test func thirteenPointSevenCentsAboveA4() throws {
        let bent = try mapper.bentNote(for: frequency(note: 69, cents: 13.7))
        #expect(bent.note == .a4)
        // 13.7 / 200 × 8192 = 561.15 → 561.
        #expect(bent.bend.signedValue == 561)
        #expect(bent.bend.rawValue == 8192 + 561)
    }

    @Test func aFrequencyHalfwayAboveANoteBendsDownFromTheNextOne() throws {
        let bent = try mapper.bentNote(for: frequency(note: 60, cents: 70))
        #expect(bent.note.rawValue == 61)
        #expect(bent.bend.signedValue == Int((-30.0 / 200 * 8192).rounded()))
    }

    @Test func aRetuneBeyondTheBendRangeIsAnErrorNamingTheRange() throws {
        #expect(try mapper.bend(for: frequency(note: 69, cents: -200), on: .a4).rawValue == 0)
        #expect(try mapper.bend(for: frequency(note: 69, cents: 199.97), on: .a4).rawValue == 16383)
        for cents in [200.0, 250, -200.1, -1200] {
            let error = #expect(throws: PitchMappingError.self) {
                try mapper.bend(for: frequency(note: 69, cents: cents), on: .a4)
            }
            guard case .beyondBendRange(let note, _, let range)? = error else {
                Issue.record("expected beyondBendRange for \(cents) c, got \(String(describing: error))")
                continue
            }
            #expect(note == .a4 && range == mapper.range)
            #expect(error?.description.contains("beyond the pitch-bend range ±2 semitones") == true)
            #expect(error?.description.contains("A4") == true)
        }
    }

    @Test func aWiderRangeHasCoarserStepsStillRounded() throws {
        let wide = PitchBendMapper(range: try PitchBendRange(semitones: 12))
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let offset = Double.random(in: -1200..<1199.8, using: &random)
            let target = try frequency(note: 60, cents: offset)
            let bend = try wide.bend(for: target, on: .middleC)
            let sounded = wide.hertz(of: BentNote(note: .middleC, bend: bend))
            #expect(abs(1200 * log2(sounded / target.hertz)) <= 1200.0 / 8192 / 2 + 1e-9)
        }
        #expect(throws: PitchMappingError.self) { try wide.bend(for: frequency(note: 60, cents: 1300), on: .middleC) }
    }

    @Test func theSynthsOwnTuningIsAParameter() throws {
        let tuned442 = PitchBendMapper(synthA4: try Frequency(hertz: 442))
        #expect(try tuned442.bentNote(for: Frequency(hertz: 442)) == BentNote(note: .a4, bend: .centre))
        // 440 Hz on a 442 Hz synth is A4 bent down by 7.85 c.
        let bent = try tuned442.bentNote(for: .concertA)
        #expect(bent.note == .a4)
        #expect(bent.bend.signedValue == Int((1200 * log2(440.0 / 442) / 200 * 8192).rounded()))
    }

    @Test func frequenciesOutsideTheMIDINotesAreRefused() throws {
        for hz in [20_000.0, 1.0] {
            let error = #expect(throws: PitchMappingError.self) { try mapper.bentNote(for: Frequency(hertz: hz)) }
            #expect(error == .outsideNoteRange(hertz: hz))
            #expect(error?.description.contains("outside the MIDI notes") == true)
        }
        // Just below note 0 and just above note 127 the bend still reaches.
        #expect(try mapper.bentNote(for: frequency(note: 0, cents: -60)).note.rawValue == 0)
        #expect(try mapper.bentNote(for: frequency(note: 127, cents: 60)).note.rawValue == 127)
    }

    /// FluidSynth bends 12 700 / 128 cents per semitone of range, so the same offset needs a
    /// bend 128/127 as large, and lands on the intended pitch in FluidSynth's own terms.
    @Test func aFluidSynthResponseMakesUpForItsShortBend() throws {
        let fluid = PitchBendMapper(response: .fluidSynth)
        let fifty = try frequency(note: 69, cents: 50)
        #expect(try mapper.bend(for: fifty, on: .a4).signedValue == 2048)
        // Asked for the middle of the 50th cent (see the symmetric rounding below):
        // 50.5 / 198.4375 × 8192 = 2084.9.
        #expect(try fluid.bend(for: fifty, on: .a4).signedValue == 2085)
        let bent = try fluid.bentNote(for: fifty)
        #expect(abs(1200 * log2(fluid.soundingHertz(of: bent) / fifty.hertz)) < 1e-6)
        #expect(PitchBendMapper.reach(of: fluid.range, response: .fluidSynth).lowerBound == -198.4375)
    }

    @Test func fluidSynthIsKnownByItsClientName() {
        #expect(SynthProfile(clientName: "FLUID Synth (4711)").bendResponse == .fluidSynth)
        #expect(SynthProfile(clientName: "FLUID Synth (peach)").bendResponse == .fluidSynth)
        #expect(SynthProfile(clientName: "Midi Through").bendResponse == .exact)
        #expect(SynthProfile(clientName: "Peach Bench Synth 4").bendResponse == .exact)
    }

    /// FluidSynth sounds ⌊x⌋ of what it is asked; Peach asks so that it sounds round(x): +x and
    /// −x err by the same amount, never more than half a cent, on every note and sub-cent step.
    @Test func aWholeCentSynthSoundsTheNearestCentWithNoSignBias() throws {
        let fluid = PitchBendMapper(response: .fluidSynth)
        for note in [21, 45, 60, 69, 84, 108] {
            for tenth in 0...300 {
                // 0…3 c in 0.01-c steps, off the grid (an exact tie, x.5, may go either way: half a cent both)
                let x = Double(tenth) / 100 + Double(note % 7 + 1) * 0.0013
                var errors: [Double] = []
                for cents in [x, -x] {
                    let asked = try frequency(note: note, cents: cents)
                    let bent = try fluid.bentNote(for: asked)
                    let sounded = 1200 * log2(fluid.soundingHertz(of: bent) / asked.hertz) + cents
                    #expect(abs(sounded - cents.rounded()) < 1e-6, "note \(note), \(cents) c sounds \(sounded) c")
                    errors.append(sounded - cents)
                }
                #expect(abs(errors[0] + errors[1]) < 1e-6, "+x and −x err alike at \(x) c on note \(note)")
            }
        }
        // An exact synth is asked for the offset itself.
        #expect(abs(1200 * log2(mapper.soundingHertz(of: try mapper.bentNote(for: frequency(note: 69, cents: 1.86)))
                                / (try frequency(note: 69, cents: 1.86)).hertz)) <= mapper.stepCents / 2)
    }
}
