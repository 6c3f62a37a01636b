// Package openal is the desktop window's and the Android app's sound output: it plays the
// shared app's sounds (package sound of frontends/app) through OpenAL, with
// golang.org/x/mobile/exp/audio/al (openal.go, built with the app's x/mobile layer). On Linux
// that is Debian's libopenal (OpenAL Soft), whose "wave" backend writes the mixed output to a
// file, which lets the end-to-end test hear what the app plays; on Android it is the
// libopenal.so that gomobile init -openal builds into the APK. Without x/mobile's layer (or
// with the build tag nosound) Platform's Output never opens and the game goes on in silence.
package openal
