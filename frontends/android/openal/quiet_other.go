//go:build !(xmobile && linux && !android && !nosound)

package openal

// quietDevice does nothing where no ALSA messages can come (Android, builds without sound).
func quietDevice() {}
