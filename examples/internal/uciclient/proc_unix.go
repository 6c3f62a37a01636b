//go:build unix

package uciclient

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the engine in its own process group, so that killing it also ends
// any children (an engine started through a shell script).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine's whole process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
