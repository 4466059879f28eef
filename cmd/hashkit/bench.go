package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/hashkit/hashkit/internal/cpu"
)

// kernelPackage names, for each algorithm, the package whose kernels the
// registry in internal/cpu lists.
var kernelPackage = map[string]string{
	"md5": "md5", "sha1": "sha1", "ripemd160": "ripemd160",
	"sha224": "sha256", "sha256": "sha256",
	"sha384": "sha512", "sha512": "sha512", "sha512-224": "sha512", "sha512-256": "sha512",
	"blake224": "blake1", "blake256": "blake1", "blake384": "blake1", "blake512": "blake1",
	"blake2b": "blake2b", "blake2s": "blake2s", "blake3": "blake3",
	"sha3-224": "keccak", "sha3-256": "keccak", "sha3-384": "keccak", "sha3-512": "keccak",
	"keccak-224": "keccak", "keccak-256": "keccak", "keccak-384": "keccak", "keccak-512": "keccak",
	"shake128": "keccak", "shake256": "keccak", "kmac128": "keccak", "kmac256": "keccak",
	"turboshake128": "keccak", "turboshake256": "keccak",
	"kt128": "keccak", "kt256": "keccak", "parallelhash128": "keccak", "parallelhash256": "keccak",
}

func cmdBench(args []string, e *env) error {
	fs := newFlags("bench", e)
	algs := fs.StringSliceP("algorithm", "a", nil, "`ALG`s to measure (default: all); repeat or separate with commas")
	sizes := fs.StringSlice("size", []string{"64", "1KiB", "1MiB", "16MiB"}, "input `SIZE`s (B, KiB, MiB suffixes; at most 1GiB)")
	budget := fs.Duration("time", 300*time.Millisecond, "`TIME` spent on each measurement (a duration: 300ms, 2s)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var list []*algorithm
	if len(*algs) == 0 {
		list = algorithms
	}
	for _, name := range *algs {
		a, err := lookup(name)
		if err != nil {
			return usageError{err}
		}
		list = append(list, a)
	}
	var ns []int
	for _, s := range *sizes {
		n, err := parseSize(s)
		if err != nil {
			return usageError{err}
		}
		ns = append(ns, n)
	}
	if *budget <= 0 {
		return usagef("--time must be positive")
	}

	fmt.Fprintf(e.stdout, "cpu: %s, %d threads (GOMAXPROCS %d), %s/%s\n", cpuModel(), runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(e.stdout, "features: %s\n\n", features())
	// One row at a time, as each is measured, in columns as wide as their
	// longest entry.
	nameW, kernelW := len("algorithm"), len("kernels")
	for _, a := range list {
		nameW, kernelW = max(nameW, len(a.name)), max(kernelW, len(kernel(a)))
	}
	fmt.Fprintf(e.stdout, "%-*s %-*s", nameW, "algorithm", kernelW, "kernels")
	for _, n := range ns {
		fmt.Fprintf(e.stdout, " %12s", formatSize(n))
	}
	fmt.Fprintln(e.stdout, "  (MB/s)")
	for _, a := range list {
		fmt.Fprintf(e.stdout, "%-*s %-*s", nameW, a.name, kernelW, kernel(a))
		for _, n := range ns {
			fmt.Fprintf(e.stdout, " %12s", formatRate(measure(a, n, *budget)))
		}
		fmt.Fprintln(e.stdout)
	}
	return nil
}

// formatRate prints a throughput in MB/s: whole numbers, but a rate below
// 10 (a slow algorithm, or a machine that stalled the measurement) keeps
// two significant digits rather than reading as 0.
func formatRate(mbs float64) string {
	if mbs >= 10 {
		return strconv.FormatFloat(mbs, 'f', 0, 64)
	}
	return strconv.FormatFloat(mbs, 'g', 2, 64)
}

// measure returns the throughput of a over inputs of n bytes, hashing one
// whole message (new, write, finish) per iteration for at least budget.
func measure(a *algorithm, n int, budget time.Duration) float64 {
	buf := make([]byte, n)
	for i := range buf {
		buf[i] = byte(i)
	}
	opts := options{length: a.size}
	if strings.HasPrefix(a.name, "kmac") {
		opts.key = make([]byte, 32) // KMAC needs a key; its length does not change the speed
	}
	if _, err := a.new(opts); err != nil {
		return 0
	}
	iters := 0
	start := time.Now()
	for time.Since(start) < budget || iters == 0 {
		d, _ := a.new(opts)
		d.Write(buf)
		d.Finish()
		iters++
	}
	return float64(iters) * float64(n) / time.Since(start).Seconds() / 1e6
}

func kernel(a *algorithm) string {
	pkg, ok := kernelPackage[a.name]
	if !ok {
		return "generic"
	}
	if impls := cpu.Impls(pkg); len(impls) > 0 {
		return strings.Join(impls, ",")
	}
	return "generic"
}

func features() string {
	var f []string
	for _, x := range []struct {
		name string
		on   bool
	}{
		{"SHA-NI", cpu.X86.HasSHA}, {"SSE4.1", cpu.X86.HasSSE41}, {"AVX2", cpu.X86.HasAVX2}, {"BMI2", cpu.X86.HasBMI2},
		{"AVX-512F", cpu.X86.HasAVX512F}, {"AVX-512VL", cpu.X86.HasAVX512VL}, {"AVX-512BW", cpu.X86.HasAVX512BW},
		{"VAES", cpu.X86.HasVAES}, {"GFNI", cpu.X86.HasGFNI},
		{"ASIMD", cpu.ARM64.HasASIMD}, {"SHA2", cpu.ARM64.HasSHA2}, {"SHA512", cpu.ARM64.HasSHA512}, {"SHA3", cpu.ARM64.HasSHA3},
	} {
		if x.on {
			f = append(f, x.name)
		}
	}
	if len(f) == 0 {
		return "none used (portable code)"
	}
	return strings.Join(f, " ")
}

// cpuModel names the CPU: /proc/cpuinfo's model name where it has one
// (x86), else the Main ID Register fields the dispatch table read (arm64
// Linux, whose /proc/cpuinfo names no model).
func cpuModel() string {
	if name := modelName(); name != "" {
		return name
	}
	vendor, family, model, entry, _ := cpu.Microarchitecture()
	return describeCPU(vendor, family, model, entry)
}

func modelName() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// describeCPU writes the dispatch table's key of a CPU without a model
// name: on arm64 the MIDR implementer and part number as /proc/cpuinfo
// spells them, and the table entry they select.
func describeCPU(vendor string, family, model uint32, entry string) string {
	if vendor != cpu.ARM64Vendor {
		return runtime.GOARCH
	}
	return fmt.Sprintf("CPU implementer 0x%02x, CPU part 0x%03x (%s)", family, model, entry)
}

func parseSize(s string) (int, error) {
	n, ok := parseByteSize(strings.TrimSpace(s))
	if !ok || n > 1<<30 {
		return 0, fmt.Errorf("bad size %q (use e.g. 64, 1KiB, 16MiB; at most 1GiB)", s)
	}
	return int(n), nil
}

func formatSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}
