// peach-bench-c: the C baselines of figures 3 and 15 (BENCHMARKS.md). A bare libasound client that plays the
// notes of figure 3's lanes the plain way: note-on sent direct, note-off scheduled on its own
// real-time queue at now + length - half a tick, with the tick peach asks for, on a queue that
// runs all the time. The bench's stamping sink measures it in the same run as ALSANotePlayer,
// so the difference between the two is what Peach's Swift layers and its pausing queue cost.
//
// A SwiftPM target rather than a file scripts/bench compiles: `swift build` builds it with
// everything else (warnings are errors here too), so the quick bench in scripts/test and CI
// finds it next to peach-bench like `peach`, with no second compiler step to keep in sync.
//
//   peach-bench-c DEST TICK_HZ PLAN
//
// DEST is the sink's port ("129:1"); PLAN is a file of lines "LANE MICROSECONDS", each lane's
// notes in order. Lane L plays MIDI note 48 + L on channel L (0-based), velocity 64, one note
// after another: its next note-on goes out direct as soon as its previous note-off has left.
// That moment is known without polling: an echo event to our own port is scheduled at the
// note-off's time, right behind it (events of equal time leave in order), and arrives after it.
//
//   peach-bench-c clicks DEST TICK_HZ PLAN
//
// Figure 15: rhythm clicks as a bare client schedules them. Each PLAN line is one trial, its
// clicks' offsets in microseconds from the first ("0 125000 250000 380000"). A trial's clicks
// (GM drum channel 10, note 75, note-off 30 ms after each note-on) go to the kernel in one write
// at the queue's time + 100 ms + offset - half a tick, as ALSARhythmPlayer does; the next trial
// starts when an echo behind the last note-off arrives.
#include <alsa/asoundlib.h>
#include <string.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define LANES 16

static void check(int result, const char *what) {
    if (result < 0) {
        fprintf(stderr, "peach-bench-c: %s failed: %s\n", what, snd_strerror(result));
        exit(1);
    }
}

struct lane {
    unsigned int *microseconds;
    size_t count;
    size_t next;
};

static snd_seq_t *seq;
static int out_port, echo_port, queue;
static long long half_tick_ns;
static snd_seq_queue_status_t *status;

static long long queue_now_ns(void) {
    check(snd_seq_get_queue_status(seq, queue, status), "snd_seq_get_queue_status");
    const snd_seq_real_time_t *now = snd_seq_queue_status_get_real_time(status);
    return (long long)now->tv_sec * 1000000000LL + now->tv_nsec;
}

static void start_note(int index, struct lane *lane) {
    unsigned char channel = (unsigned char)index, note = (unsigned char)(48 + index);
    snd_seq_event_t event;
    snd_seq_ev_clear(&event);
    snd_seq_ev_set_source(&event, out_port);
    snd_seq_ev_set_subs(&event);
    snd_seq_ev_set_direct(&event);
    snd_seq_ev_set_noteon(&event, channel, note, 64);
    check(snd_seq_event_output_direct(seq, &event), "snd_seq_event_output_direct(note-on)");

    long long due = queue_now_ns() + (long long)lane->microseconds[lane->next] * 1000 - half_tick_ns;
    snd_seq_real_time_t time = { (unsigned int)(due / 1000000000LL), (unsigned int)(due % 1000000000LL) };
    snd_seq_ev_clear(&event);
    snd_seq_ev_set_source(&event, out_port);
    snd_seq_ev_set_subs(&event);
    snd_seq_ev_schedule_real(&event, queue, 0, &time);
    snd_seq_ev_set_noteoff(&event, channel, note, 0);
    check(snd_seq_event_output(seq, &event), "snd_seq_event_output(note-off)");

    snd_seq_ev_clear(&event);
    event.type = SND_SEQ_EVENT_ECHO;
    snd_seq_ev_set_source(&event, out_port);
    snd_seq_ev_set_dest(&event, snd_seq_client_id(seq), echo_port);
    snd_seq_ev_schedule_real(&event, queue, 0, &time);
    event.data.raw32.d[0] = (unsigned int)index;
    check(snd_seq_event_output(seq, &event), "snd_seq_event_output(echo)");
    check(snd_seq_drain_output(seq), "snd_seq_drain_output");
    lane->next++;
}

static void open_client(const char *destination, int tick_hz) {
    check(snd_seq_open(&seq, "default", SND_SEQ_OPEN_DUPLEX, 0), "snd_seq_open");
    check(snd_seq_set_client_name(seq, "Peach Bench C Player"), "snd_seq_set_client_name");
    out_port = snd_seq_create_simple_port(seq, "output", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ,
                                          SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION);
    check(out_port, "snd_seq_create_simple_port(output)");
    echo_port = snd_seq_create_simple_port(seq, "echo", SND_SEQ_PORT_CAP_WRITE, SND_SEQ_PORT_TYPE_APPLICATION);
    check(echo_port, "snd_seq_create_simple_port(echo)");

    queue = snd_seq_alloc_named_queue(seq, "Peach Bench C Player");
    check(queue, "snd_seq_alloc_named_queue");
    snd_seq_queue_timer_t *timer;
    check(snd_seq_queue_timer_malloc(&timer), "snd_seq_queue_timer_malloc");
    check(snd_seq_get_queue_timer(seq, queue, timer), "snd_seq_get_queue_timer");
    snd_seq_queue_timer_set_resolution(timer, (unsigned int)tick_hz);
    check(snd_seq_set_queue_timer(seq, queue, timer), "snd_seq_set_queue_timer");
    snd_seq_queue_timer_free(timer);
    check(snd_seq_start_queue(seq, queue, NULL), "snd_seq_start_queue");
    check(snd_seq_drain_output(seq), "snd_seq_drain_output");
    check(snd_seq_queue_status_malloc(&status), "snd_seq_queue_status_malloc");

    snd_seq_addr_t dest;
    check(snd_seq_parse_address(seq, &dest, destination), "snd_seq_parse_address");
    check(snd_seq_connect_to(seq, out_port, dest.client, dest.port), "snd_seq_connect_to");

}

static int wait_for_echo(void) {
    for (;;) {
        snd_seq_event_t *event;
        int result = snd_seq_event_input(seq, &event);
        if (result == -ENOSPC || result == -EAGAIN || result == -EINTR) continue;
        check(result, "snd_seq_event_input");
        if (event->type == SND_SEQ_EVENT_ECHO && event->source.client == snd_seq_client_id(seq)) {
            return (int)event->data.raw32.d[0];
        }
    }
}

static void schedule_at(snd_seq_event_t *event, long long due) {
    snd_seq_real_time_t time = { (unsigned int)(due / 1000000000LL), (unsigned int)(due % 1000000000LL) };
    snd_seq_ev_schedule_real(event, queue, 0, &time);
}

#define CLICK_CHANNEL 9
#define CLICK_NOTE 75
#define CLICK_LENGTH_NS 30000000LL
#define CLICK_LEAD_NS 100000000LL
#define MAX_CLICKS 64

static void play_trial(const long long *offsets_us, int count) {
    long long start = queue_now_ns() + CLICK_LEAD_NS, last_off = 0;
    for (int index = 0; index < count; index++) {
        long long onset = start + offsets_us[index] * 1000 - half_tick_ns;
        for (int edge = 0; edge < 2; edge++) {
            snd_seq_event_t event;
            snd_seq_ev_clear(&event);
            snd_seq_ev_set_source(&event, out_port);
            snd_seq_ev_set_subs(&event);
            long long due = edge == 0 ? onset : onset + CLICK_LENGTH_NS;
            schedule_at(&event, due);
            if (edge == 0) {
                snd_seq_ev_set_noteon(&event, CLICK_CHANNEL, CLICK_NOTE, 100);
            } else {
                snd_seq_ev_set_noteoff(&event, CLICK_CHANNEL, CLICK_NOTE, 0);
                last_off = due;
            }
            check(snd_seq_event_output(seq, &event), "snd_seq_event_output(click)");
        }
    }
    snd_seq_event_t echo;
    snd_seq_ev_clear(&echo);
    echo.type = SND_SEQ_EVENT_ECHO;
    snd_seq_ev_set_source(&echo, out_port);
    snd_seq_ev_set_dest(&echo, snd_seq_client_id(seq), echo_port);
    schedule_at(&echo, last_off);
    check(snd_seq_event_output(seq, &echo), "snd_seq_event_output(echo)");
    check(snd_seq_drain_output(seq), "snd_seq_drain_output");
    wait_for_echo();
}

static int run_clicks(const char *destination, int tick_hz, const char *plan_path) {
    half_tick_ns = 1000000000LL / tick_hz / 2;
    FILE *plan = fopen(plan_path, "r");
    if (!plan) {
        perror(plan_path);
        return 1;
    }
    open_client(destination, tick_hz);
    char line[4096];
    int trial = 0;
    while (fgets(line, sizeof line, plan)) {
        long long offsets[MAX_CLICKS];
        int count = 0;
        char *cursor = line, *end;
        for (long long value = strtoll(cursor, &end, 10); end != cursor; value = strtoll(cursor, &end, 10)) {
            if (count == MAX_CLICKS || value < 0 || (count > 0 && value <= offsets[count - 1])) {
                fprintf(stderr, "peach-bench-c: %s, trial %d: offsets must ascend from 0, at most %d\n", plan_path, trial + 1, MAX_CLICKS);
                return 1;
            }
            offsets[count++] = value;
            cursor = end;
        }
        if (count == 0) continue;
        play_trial(offsets, count);
        trial++;
    }
    fclose(plan);
    snd_seq_queue_status_free(status);
    snd_seq_close(seq);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "clicks") == 0) {
        int tick_hz = atoi(argv[3]);
        if (tick_hz <= 0) {
            fprintf(stderr, "peach-bench-c: TICK_HZ must be positive\n");
            return 64;
        }
        return run_clicks(argv[2], tick_hz, argv[4]);
    }
    if (argc != 4) {
        fprintf(stderr, "usage: peach-bench-c DEST TICK_HZ PLAN | peach-bench-c clicks DEST TICK_HZ PLAN\n");
        return 64;
    }
    int tick_hz = atoi(argv[2]);
    if (tick_hz <= 0) {
        fprintf(stderr, "peach-bench-c: TICK_HZ must be positive\n");
        return 64;
    }
    half_tick_ns = 1000000000LL / tick_hz / 2;

    struct lane lanes[LANES] = { { 0 } };
    FILE *plan = fopen(argv[3], "r");
    if (!plan) {
        perror(argv[3]);
        return 1;
    }
    int index;
    unsigned int microseconds;
    while (fscanf(plan, "%d %u", &index, &microseconds) == 2) {
        if (index < 0 || index >= LANES) {
            fprintf(stderr, "peach-bench-c: lane %d outside 0…%d\n", index, LANES - 1);
            return 1;
        }
        struct lane *lane = &lanes[index];
        unsigned int *grown = realloc(lane->microseconds, (lane->count + 1) * sizeof *grown);
        if (!grown) {
            perror("realloc");
            return 1;
        }
        lane->microseconds = grown;
        lane->microseconds[lane->count++] = microseconds;
    }
    fclose(plan);

    open_client(argv[1], tick_hz);

    int playing = 0;
    for (index = 0; index < LANES; index++) {
        if (lanes[index].count > 0) {
            start_note(index, &lanes[index]);
            playing++;
        }
    }
    while (playing > 0) {
        snd_seq_event_t *event;
        int result = snd_seq_event_input(seq, &event);
        if (result == -ENOSPC || result == -EAGAIN || result == -EINTR) continue;
        check(result, "snd_seq_event_input");
        if (event->type != SND_SEQ_EVENT_ECHO || event->source.client != snd_seq_client_id(seq)) continue;
        index = (int)event->data.raw32.d[0];
        if (index < 0 || index >= LANES) continue;
        struct lane *lane = &lanes[index];
        if (lane->next < lane->count) {
            start_note(index, lane);
        } else {
            playing--;
        }
    }

    snd_seq_queue_status_free(status);
    snd_seq_close(seq);
    for (index = 0; index < LANES; index++) free(lanes[index].microseconds);
    return 0;
}
