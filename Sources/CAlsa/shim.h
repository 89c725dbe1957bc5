// The sequencer part of libasound, for Swift.
#include <alsa/asoundlib.h>

// Function versions of the event-setup macros in <alsa/seqmid.h>, which Swift cannot import.
static inline void peach_seq_ev_clear(snd_seq_event_t *ev) { snd_seq_ev_clear(ev); }

// Source: one of our ports; destination: every subscriber of it.
static inline void peach_seq_ev_route_to_subscribers(snd_seq_event_t *ev, int port) {
    snd_seq_ev_set_source(ev, port);
    snd_seq_ev_set_subs(ev);
}

// Source: one of our ports; destination: one port, not the subscribers.
static inline void peach_seq_ev_route_to(snd_seq_event_t *ev, int port, int dest_client, int dest_port) {
    snd_seq_ev_set_source(ev, port);
    snd_seq_ev_set_dest(ev, dest_client, dest_port);
}

static inline void peach_seq_ev_set_direct(snd_seq_event_t *ev) { snd_seq_ev_set_direct(ev); }

// An absolute real-time stamp on `queue`.
static inline void peach_seq_ev_schedule_real(snd_seq_event_t *ev, int queue,
                                              unsigned int sec, unsigned int nsec) {
    snd_seq_real_time_t time = { sec, nsec };
    snd_seq_ev_schedule_real(ev, queue, 0, &time);
}

static inline int peach_seq_ev_is_real_time(const snd_seq_event_t *ev) {
    return snd_seq_ev_is_real(ev);
}

// libasound prints its own diagnostics to stderr ("ALSA lib seq_hw.c:466: ... failed"); the Swift
// layer turns every error into a SequencerError carrying the same text, so the print is noise.
static inline void peach_alsa_quiet_handler(const char *file, int line, const char *function,
                                            int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void peach_silence_alsa_diagnostics(void) {
    snd_lib_error_set_handler(peach_alsa_quiet_handler);
}

// Names the calling thread as `top -H` and /proc show it (up to 15 bytes); prctl is variadic,
// which Swift cannot call. Returns 0, or -1 with errno set.
#include <sys/prctl.h>
static inline int peach_name_this_thread(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
