#!/usr/bin/env python3
"""Writes a large Peach export as the iOS app writes it (format 1, or 2 with --rhythm), seeded, for
the scale benchmarks (BENCHMARKS.md, scripts/bench-scale): sessions of 50-150 trials 2-12 h apart,
a few seconds between trials, comparisons (three in four correct) and matchings, unison and the
intervals up to an octave, a quarter just intonation. Timestamps are whole seconds of UTC, numbers
Swift's shortest text with ".0" added when it has no point, LF between lines and none after the last.

By default the last trial is at the time of the run, as in a real export (the iOS app holds no
trial from the future): the same records, shifted, whenever it runs. --end EPOCH puts the last
trial there instead, --start EPOCH the first sitting (before its gap): either pins the bytes.

usage: generate-ios-export.py RECORDS SEED [--rhythm] [--start EPOCH | --end EPOCH] > export.csv
"""
import random
import sys
import time

NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
INTERVALS = ["P1", "m2", "M2", "m3", "M3", "P4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"]


def note_name(number):
    return NAMES[number % 12] + str(number // 12 - 1)


def swift_text(value):
    if value == 0 or abs(value) < 1e-3:
        value = 0.0                  # no "-0.0", no exponent form: what Peach writes back is the same text
    text = repr(value)           # Python's shortest round-trip digits, as Swift's description
    if "e" in text or "E" in text:
        mantissa, exponent = text.split("e")
        sign = "-" if exponent.startswith("-") else ""
        text = mantissa + "e" + sign + exponent.lstrip("+-").rjust(2, "0")
    return text if "." in text else text + ".0"


def timestamp(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def option(arguments, name):
    return int(arguments[arguments.index(name) + 1]) if name in arguments else None


def span(records, seed, rhythm):
    """Seconds from the start to the last trial: the same draws as main's, nothing written."""
    return generate(records, seed, rhythm, 0, lambda line: None)


def main():
    records, seed = int(sys.argv[1]), int(sys.argv[2])
    arguments = sys.argv[3:]
    rhythm = "--rhythm" in arguments
    start = option(arguments, "--start")
    if start is None:
        end = option(arguments, "--end")
        start = (int(time.time()) if end is None else end) - span(records, seed, rhythm)
    lines = []

    def emit(line):
        lines.append(line)
        if len(lines) >= 10000:
            sys.stdout.write("\n".join(lines) + "\n")
            lines.clear()

    version = 2 if rhythm else 1
    header = ("trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,"
              "interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError")
    emit("# peach-export-format:%d" % version)
    emit(header + (",tempoBPM,offsetMs,userOffsetMs" if rhythm else ""))
    generate(records, seed, rhythm, start, emit)
    sys.stdout.write("\n".join(lines))


def generate(records, seed, rhythm, now, emit):
    """Emits the records' lines from `now` on (EPOCH seconds); returns the last trial's time."""
    rng = random.Random(seed)
    pad = ",,," if rhythm else ""
    session_left = 0
    for _ in range(records):
        if session_left == 0:
            session_left = rng.randint(50, 150)
            now += rng.randint(2 * 3600, 12 * 3600)
        session_left -= 1
        now += rng.randint(2, 9)
        kind = rng.random()
        if rhythm and kind < 0.1:
            tempo = rng.choice([60, 80, 100, 120])
            offset = round(rng.gauss(0, 20), 1)
            if kind < 0.05:
                emit("rhythmOffsetDetection,%s,,,,,,,,%s,,,%d,%s," % (
                    timestamp(now), "true" if rng.random() < 0.75 else "false", tempo, swift_text(offset)))
            else:
                emit("rhythmMatching,%s,,,,,,,,,,,%d,,%s" % (timestamp(now), tempo, swift_text(offset)))
            continue
        semitones = 0 if rng.random() < 0.4 else rng.randint(1, 12)
        reference = rng.randint(48, 72)
        target = reference + semitones if rng.random() < 0.5 else reference - semitones
        tuning = "justIntonation" if rng.random() < 0.25 else "equalTemperament"
        common = "%s,%d,%s,%d,%s,%s,%s" % (timestamp(now), reference, note_name(reference), target,
                                           note_name(target), INTERVALS[semitones], tuning)
        if kind < 0.7:
            cents = round(rng.uniform(-100, 100) * rng.random(), rng.choice([0, 1, 2, 13]))
            correct = "true" if rng.random() < 0.75 else "false"
            emit("pitchDiscrimination,%s,%s,%s,,%s" % (common, swift_text(float(cents)), correct, pad))
        else:
            initial = round(rng.uniform(-100, 100), rng.choice([1, 2, 13]))
            error = round(rng.gauss(0, 15), rng.choice([1, 2, 13]))
            emit("pitchMatching,%s,,,%s,%s%s" % (common, swift_text(float(initial)), swift_text(float(error)), pad))
    return now


if __name__ == "__main__":
    main()
