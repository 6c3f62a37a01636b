//go:build xmobile && linux && !android && !nosound

package openal

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>

typedef void (*cotuong_alsa_handler)(const char *file, int line, const char *function, int err, const char *fmt, ...);

static void cotuong_alsa_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

// cotuong_quiet_alsa installs an ALSA error handler that prints nothing, in the libasound that
// OpenAL Soft loads (dlopen returns the same instance). It returns 0 when libasound is absent.
static int cotuong_quiet_alsa(void) {
	void *h = dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL);
	if (!h) return 0;
	int (*set)(cotuong_alsa_handler) = (int (*)(cotuong_alsa_handler))dlsym(h, "snd_lib_error_set_handler");
	if (!set) return 0;
	set(cotuong_alsa_quiet);
	return 1; // the handle stays open, so the handler stays in place
}
*/
import "C"

import "os"

// quietDevice keeps a missing audio device to one notice, the player's: ALSA prints some eight
// lines to stderr when no sound card exists, and OpenAL Soft one more. Unless COTUONG_DEBUG is
// set, it silences ALSA's error messages and sets OpenAL Soft's log level to none
// (ALSOFT_LOGLEVEL=0) when the user has not chosen one. It must run before the device opens.
func quietDevice() {
	if os.Getenv("COTUONG_DEBUG") != "" {
		return
	}
	if _, set := os.LookupEnv("ALSOFT_LOGLEVEL"); !set {
		os.Setenv("ALSOFT_LOGLEVEL", "0")
	}
	C.cotuong_quiet_alsa()
}
