#!/usr/bin/env python3
"""Writes a large Peach export as the iOS app writes it (format 1, or 2 with --rhythm), seeded, for
the scale benchmarks (BENCHMARKS.md, scripts/bench-scale): sessions of 50-150 trials 2-12 h apart,
a few seconds between trials, comparisons (three in four correct) and matchings, unison and the
intervals up to an octave, a quarter just intonation. Timestamps are whole seconds of UTC, numbers
Swift's shortest text with ".0" added when it has no point, LF between lines and none after the last.

--start EPOCH moves the first sitting (default 1 700 000 000, November 2023; at 10⁶ records the
last one is in 2032): the same records, shifted, so a fixture can end at the time it is measured.

usage: generate-ios-export.py RECORDS SEED [--rhythm] [--start EPOCH] > export.csv
"""
import random
import sys

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
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def main():
    records, seed = int(sys.argv[1]), int(sys.argv[2])
    rhythm = "--rhythm" in sys.argv[3:]
    rng = random.Random(seed)
    out = sys.stdout
    version = 2 if rhythm else 1
    header = ("trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,"
              "interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError")
    if rhythm:
        header += ",tempoBPM,offsetMs,userOffsetMs"
    pad = ",,," if rhythm else ""
    lines = ["# peach-export-format:%d" % version, header]
    arguments = sys.argv[3:]
    now = int(arguments[arguments.index("--start") + 1]) if "--start" in arguments else 1_700_000_000
    session_left = 0
    written = 0
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
                lines.append("rhythmOffsetDetection,%s,,,,,,,,%s,,,%d,%s," % (
                    timestamp(now), "true" if rng.random() < 0.75 else "false", tempo, swift_text(offset)))
            else:
                lines.append("rhythmMatching,%s,,,,,,,,,,,%d,,%s" % (timestamp(now), tempo, swift_text(offset)))
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
            lines.append("pitchDiscrimination,%s,%s,%s,,%s" % (common, swift_text(float(cents)), correct, pad))
        else:
            initial = round(rng.uniform(-100, 100), rng.choice([1, 2, 13]))
            error = round(rng.gauss(0, 15), rng.choice([1, 2, 13]))
            lines.append("pitchMatching,%s,,,%s,%s%s" % (common, swift_text(float(initial)), swift_text(float(error)), pad))
        if len(lines) >= 10000:
            out.write("\n".join(lines) + "\n")
            written += len(lines)
            lines = []
    out.write("\n".join(lines))


if __name__ == "__main__":
    main()
