package main

import (
	"os/exec"
	"syscall"
)

// dieWithUs makes the server process end when the load generator does,
// however it ends (a pipe closed on its output, a kill): no server is left
// behind on the machine.
func dieWithUs(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
