// Package asmutil holds helpers shared by the avo generators of _asm/<family>.
package asmutil
