// The sequencer part of libasound, for Swift.
#include <alsa/asoundlib.h>
