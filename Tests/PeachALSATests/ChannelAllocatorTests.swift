import PeachALSA
import PeachCore
import PeachRig
import Testing

@Suite("Channel allocation")
struct ChannelAllocatorTests {
    func pool(_ numbers: Int...) throws -> ChannelPool { try ChannelPool(numbers.map { try MIDIChannel($0) }) }
    func channel(_ number: Int) throws -> MIDIChannel { try MIDIChannel(number) }

    @Test func aPoolOfOneStealsTheSoundingNoteForAnOverlappingOne() throws {
        var allocator = ChannelAllocator(pool: try pool(3))
        #expect(allocator.allocate(for: 1) == .init(channel: try channel(3), stolen: nil))
        #expect(allocator.allocate(for: 2) == .init(channel: try channel(3), stolen: 1))
        #expect(allocator.channel(of: 1) == nil)
        allocator.release(1)  // the stolen note's late release must not free note 2's channel
        #expect(allocator.channel(of: 2) == (try channel(3)))
        allocator.release(2)
        #expect(allocator.soundingNotes.isEmpty)
        #expect(allocator.allocate(for: 3) == .init(channel: try channel(3), stolen: nil))
    }

    @Test func aPoolOfThreeRotatesForNotesInSequence() throws {
        var allocator = ChannelAllocator(pool: try pool(1, 2, 3))
        var channels: [Int] = []
        for note in 0..<7 {
            channels.append(allocator.allocate(for: note).channel.number)
            allocator.release(note)
        }
        #expect(channels == [1, 2, 3, 1, 2, 3, 1])
    }

    @Test func overlappingNotesNeverShareAChannelUntilThePoolIsExhausted() throws {
        var allocator = ChannelAllocator(pool: try pool(1, 2, 3))
        let first = (0..<3).map { allocator.allocate(for: $0) }
        #expect(first.map(\.channel.number) == [1, 2, 3])
        #expect(first.allSatisfy { $0.stolen == nil })
        // A fourth overlapping note steals the oldest.
        #expect(allocator.allocate(for: 3) == .init(channel: try channel(1), stolen: 0))
        #expect(allocator.soundingNotes == [1, 2, 3])
        // Then the next oldest.
        #expect(allocator.allocate(for: 4) == .init(channel: try channel(2), stolen: 1))
    }

    @Test func theChannelFreedLongestAgoIsReusedFirst() throws {
        var allocator = ChannelAllocator(pool: try pool(1, 2, 3))
        for note in 0..<3 { _ = allocator.allocate(for: note) }  // 0→1, 1→2, 2→3
        allocator.release(2)  // channel 3 freed first
        allocator.release(0)  // then channel 1
        #expect(allocator.allocate(for: 10).channel.number == 3)
        #expect(allocator.allocate(for: 11).channel.number == 1)
        #expect(allocator.allocate(for: 12) == .init(channel: try channel(2), stolen: 1))
    }

    @Test func releasingEverythingFreesEveryChannel() throws {
        var allocator = ChannelAllocator(pool: try pool(4, 5))
        _ = allocator.allocate(for: 0)
        _ = allocator.allocate(for: 1)
        allocator.releaseAll()
        #expect(allocator.soundingNotes.isEmpty)
        #expect(allocator.allocate(for: 2).stolen == nil)
        #expect(allocator.allocate(for: 3).stolen == nil)
    }

    @Test func aPoolMustBeNonEmptyWithoutDuplicates() throws {
        let empty = #expect(throws: DomainValueError.self) { try ChannelPool([]) }
        #expect(empty?.description.contains("at least one channel") == true)
        let twice = #expect(throws: DomainValueError.self) { try pool(1, 2, 1) }
        #expect(twice?.description == "'1,2,1' is not a valid channel pool (expected each channel 1…16 at most once)")
        #expect(try pool(2, 9).description == "2,9")
    }
}
