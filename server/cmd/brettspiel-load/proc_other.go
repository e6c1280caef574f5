//go:build !linux

package main

import "os/exec"

// dieWithUs: elsewhere than on Linux a server outlives a load generator
// that is killed; one that ends by itself stops its servers.
func dieWithUs(cmd *exec.Cmd) {}
