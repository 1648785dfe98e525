// Command harness runs cachelint and pahole side by side on the same files
// and prints, as markdown, the median wall time, CPU time and peak memory
// of each command over several runs, the ratios cachelint/pahole and the
// targets of issue 4 with PASS or FAIL. bench/run builds it and passes the
// files; see bench/README.md.
//
//	harness -cachelint BIN -vmlinux VMLINUX -btf VMLINUX.btf.gz [-n 5]
//	harness -cachelint BIN -vmlinux VMLINUX -pairs=false -scale CUT50,CUT200
//
// Each command runs once to warm the page cache, then n times, the commands
// of a comparison taking turns so that a change in the machine's load
// falls on both. stdout goes to /dev/null. cachelint layout may exit 0 (no
// findings) or 3 (findings), pahole 0; anything else is an error. Peak
// memory is the maximum resident set size that wait4 reports.
//
// Exit status: 0 every target holds, 3 a target fails, 1 a command failed
// or could not run.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

func main() {
	var h harness
	flag.StringVar(&h.cachelint, "cachelint", "", "cachelint `BINARY` (built from ./cmd/cachelint)")
	flag.StringVar(&h.pahole, "pahole", "pahole", "pahole `BINARY`")
	flag.StringVar(&h.vmlinux, "vmlinux", "", "the Linux 6.1 `VMLINUX` with DWARF (scripts/fetch-vmlinux)")
	flag.StringVar(&h.btf, "btf", "testdata/kernel/linux-6.18/vmlinux.btf.gz", "the gzipped Linux 6.18 `BTF`")
	flag.IntVar(&h.n, "n", 5, "measured runs of each command")
	flag.IntVar(&h.warmup, "warmup", 1, "unmeasured runs of each command first")
	flag.DurationVar(&h.timeout, "timeout", 10*time.Minute, "limit of one run")
	pairs := flag.Bool("pairs", true, "measure the targets of issue 4 on VMLINUX and BTF")
	ratios := flag.Bool("ratios", false, "measure instead issue 31's ratios to pahole on VMLINUX: every struct's wall time, CPU time and peak memory, and -C tcp_sock's wall time")
	flag.StringVar(&h.before, "before", "", "with -ratios, another cachelint `BINARY` (the code before a change) measured in the same rounds")
	scale := flag.String("scale", "", "comma-separated `FILES` (cut with cutdwarf) on which to measure, with VMLINUX, how the cost of every struct grows with the input")
	layoutFlags := flag.String("layout-flags", "", "extra `FLAGS` for every cachelint layout, such as -q")
	flag.StringVar(&h.rev, "rev", "", "cachelint's `REVISION`, for the header")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: harness -cachelint BIN -vmlinux VMLINUX [-btf BTF.gz] [-n N] [-pairs=false] [-scale FILES]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if h.cachelint == "" || h.vmlinux == "" || flag.NArg() != 0 || h.n < 1 || h.warmup < 0 {
		flag.Usage()
		os.Exit(2)
	}
	h.layoutFlags = strings.Fields(*layoutFlags)
	if *scale != "" {
		h.scale = strings.Split(*scale, ",")
	}
	h.out = os.Stdout
	if *ratios {
		os.Exit(h.mainRatios())
	}
	os.Exit(h.main(*pairs))
}

type harness struct {
	cachelint, pahole, vmlinux, btf, rev string
	before                               string // cachelint before a change, for -ratios
	layoutFlags                          []string
	scale                                []string
	n, warmup                            int
	timeout                              time.Duration
	out                                  io.Writer

	tmp        string    // scratch dir (the uncompressed BTF)
	everyPair  *pairStat // every struct of VMLINUX, reused by the scale table
	errors     int
	failed     int // targets
	commands   []string
	commandSet map[string]bool
}

func (h *harness) main(pairs bool) int {
	var err error
	if h.tmp, err = os.MkdirTemp("", "cachelint-bench"); err != nil {
		fmt.Fprintf(os.Stderr, "harness: %v\n", err)
		return 1
	}
	defer os.RemoveAll(h.tmp)
	h.header()
	if pairs {
		h.runPairs()
	}
	if len(h.scale) > 0 {
		h.runScale()
	}
	h.footer()
	switch {
	case h.errors > 0:
		return 1
	case h.failed > 0:
		return 3
	}
	return 0
}

// mainRatios measures issue 31's targets: every struct of the vmlinux to
// JSON in at most a tenth of the wall time, CPU time and peak memory of
// pahole -j, and -C tcp_sock in at most 0.02 of pahole's wall time; with
// -before, the same of another cachelint, in the same rounds.
func (h *harness) mainRatios() int {
	h.header()
	v := h.vmlinux
	cases := []struct {
		name          string
		cl, ph        []string
		wall, cpu, rs float64 // limits of the ratios; 0 for none
	}{
		{"every struct, JSON", []string{"-format", "json", v}, []string{"-j", "-F", "dwarf", v}, 0.10, 0.10, 0.10},
		{"-C tcp_sock", []string{"-C", "tcp_sock", v}, []string{"-F", "dwarf", "-C", "tcp_sock", v}, 0.02, 0, 0},
	}
	fmt.Fprintf(h.out, "\n## Ratios to pahole (issue 31)\n\n")
	fmt.Fprintf(h.out, "Input: %s. Medians of %s after %s, the commands of a row taking turns.\n\n", describe(v), plural(h.n, "run"), plural(h.warmup, "warm-up"))
	fmt.Fprintf(h.out, "| comparison | tool | wall | CPU | peak RSS | wall ratio | CPU ratio | RSS ratio |\n")
	fmt.Fprintf(h.out, "|---|---|--:|--:|--:|--:|--:|--:|\n")
	type verdict struct {
		what         string
		ratio, limit float64
	}
	var verdicts []verdict
	for _, c := range cases {
		cmds := []*command{h.cl(c.cl...)}
		if h.before != "" {
			b := h.cl(c.cl...)
			b.tool, b.path = "cachelint-before", h.before
			cmds = append(cmds, b)
		}
		cmds = append(cmds, h.ph(c.ph...))
		st := h.measure(c.name, cmds)
		ph := st[len(st)-1]
		for _, s := range st {
			if s.err != nil {
				fmt.Fprintf(h.out, "| %s | %s | error | | | | | |\n", c.name, s.cmd.tool)
				continue
			}
			row := fmt.Sprintf("| %s | %s | %s | %s | %s |", c.name, s.cmd.tool, fmtDur(s.wallMedian()), fmtDur(s.cpuMedian()), fmtKB(s.rssMedian()))
			if s == ph || ph.err != nil {
				fmt.Fprintf(h.out, "%s | | |\n", row+" ")
				continue
			}
			w := s.wallMedianF() / ph.wallMedianF()
			cpu := s.cpuMedian().Seconds() / ph.cpuMedian().Seconds()
			m := s.rssMedianF() / ph.rssMedianF()
			fmt.Fprintf(h.out, "%s %.3f | %.3f | %.3f |\n", row, w, cpu, m)
			if s == st[0] {
				verdicts = append(verdicts, verdict{c.name + ": wall", w, c.wall})
				if c.cpu > 0 {
					verdicts = append(verdicts, verdict{c.name + ": CPU", cpu, c.cpu})
				}
				if c.rs > 0 {
					verdicts = append(verdicts, verdict{c.name + ": peak RSS", m, c.rs})
				}
			}
		}
	}
	fmt.Fprintf(h.out, "\n| target (cachelint) | ratio | limit | result |\n|---|--:|--:|---|\n")
	for _, v := range verdicts {
		fmt.Fprintf(h.out, "| %s | %.3f | ≤ %.2f | %s |\n", v.what, v.ratio, v.limit, h.verdict(v.ratio <= v.limit))
	}
	h.footer()
	switch {
	case h.errors > 0:
		return 1
	case h.failed > 0:
		return 3
	}
	return 0
}

// A command to measure.
type command struct {
	tool string // cachelint or pahole
	path string
	args []string
	ok   []int // exit codes that are not errors
}

func (h *harness) cl(args ...string) *command {
	a := append([]string{"layout"}, h.layoutFlags...)
	return &command{tool: "cachelint", path: h.cachelint, args: append(a, args...), ok: []int{0, 3}}
}

func (h *harness) ph(args ...string) *command {
	return &command{tool: "pahole", path: h.pahole, args: args, ok: []int{0}}
}

// String is the command line, with files shortened to their base names.
func (c *command) String() string {
	parts := []string{c.tool}
	for _, a := range c.args {
		if strings.Contains(a, "/") {
			a = filepath.Base(a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// A pair of commands, cachelint and pahole, on the same input; pahole may
// be a reference only (ref) or absent.
type pair struct {
	name        string
	cl, ph      *command
	ref         bool // pahole is shown but no ratio is a target
	timeRatio   float64
	memRatio    float64
	clWallUnder time.Duration
}

type pairStat struct {
	pair
	cls, phs *stats
}

func (h *harness) runPairs() {
	v := h.vmlinux
	pairs := []pair{
		{name: "every struct, JSON", cl: h.cl("-format", "json", v), ph: h.ph("-j", "-F", "dwarf", v), timeRatio: 0.25, memRatio: 1.0 / 3},
		{name: "-C tcp_sock", cl: h.cl("-C", "tcp_sock", v), ph: h.ph("-F", "dwarf", "-C", "tcp_sock", v), timeRatio: 0.25},
		{name: "-C net_device", cl: h.cl("-C", "net_device", v), ph: h.ph("-F", "dwarf", "-C", "net_device", v), timeRatio: 1},
	}
	btfPair := pair{name: "BTF 6.18, -C net_device", cl: h.cl("-C", "net_device", h.btf), ref: true, clWallUnder: 100 * time.Millisecond}
	if raw, err := h.gunzip(h.btf); err != nil {
		fmt.Fprintf(os.Stderr, "harness: %v (no pahole reference for BTF)\n", err)
	} else {
		btfPair.ph = h.ph("-F", "btf", "-C", "net_device", raw)
	}
	pairs = append(pairs, btfPair)

	var done []*pairStat
	for _, p := range pairs {
		cmds := []*command{p.cl}
		if p.ph != nil {
			cmds = append(cmds, p.ph)
		}
		st := h.measure(p.name, cmds)
		ps := &pairStat{pair: p, cls: st[0]}
		if p.ph != nil {
			ps.phs = st[1]
		}
		done = append(done, ps)
		if p.name == pairs[0].name {
			h.everyPair = ps
		}
	}

	fmt.Fprintf(h.out, "\n## Runs\n\n")
	fmt.Fprintf(h.out, "Inputs: %s; %s. Medians of %s after %s.\n\n", describe(h.vmlinux), describe(h.btf), plural(h.n, "run"), plural(h.warmup, "warm-up"))
	fmt.Fprintf(h.out, "| comparison | tool | wall median | wall min–max | CPU median | peak RSS median | peak RSS min–max |\n")
	fmt.Fprintf(h.out, "|---|---|--:|--:|--:|--:|--:|\n")
	for _, p := range done {
		for _, s := range []*stats{p.cls, p.phs} {
			if s == nil {
				continue
			}
			tool := s.cmd.tool
			if s.cmd.tool == "pahole" && p.ref {
				tool = "pahole (reference)"
			}
			if s.err != nil {
				fmt.Fprintf(h.out, "| %s | %s | error | | | | |\n", p.name, tool)
				continue
			}
			fmt.Fprintf(h.out, "| %s | %s | %s | %s–%s | %s | %s | %s–%s |\n", p.name, tool,
				fmtDur(s.wallMedian()), fmtDur(slices.Min(s.wall)), fmtDur(slices.Max(s.wall)), fmtDur(s.cpuMedian()),
				fmtKB(s.rssMedian()), fmtKB(slices.Min(s.rss)), fmtKB(slices.Max(s.rss)))
		}
	}

	fmt.Fprintf(h.out, "\n## Targets (issue 4)\n\n")
	fmt.Fprintf(h.out, "| target | cachelint | pahole | cachelint/pahole | limit | result |\n")
	fmt.Fprintf(h.out, "|---|--:|--:|--:|--:|---|\n")
	for _, p := range done {
		if p.timeRatio > 0 {
			h.ratioRow(p.name+": time", p.cls, p.phs, (*stats).wallMedianF, fmtDurF, p.timeRatio)
		}
		if p.memRatio > 0 {
			h.ratioRow(p.name+": peak memory", p.cls, p.phs, (*stats).rssMedianF, fmtKBF, p.memRatio)
		}
		if p.clWallUnder > 0 {
			ref := "–"
			if p.phs != nil && p.phs.err == nil {
				ref = fmtDur(p.phs.wallMedian()) + " (reference)"
			}
			if p.cls.err != nil {
				h.failed++
				fmt.Fprintf(h.out, "| %s: time | error | %s | | < %s | FAIL |\n", p.name, ref, fmtDur(p.clWallUnder))
				continue
			}
			fmt.Fprintf(h.out, "| %s: time | %s | %s | | < %s | %s |\n", p.name, fmtDur(p.cls.wallMedian()), ref, fmtDur(p.clWallUnder), h.verdict(p.cls.wallMedian() < p.clWallUnder))
		}
	}
}

func (h *harness) ratioRow(what string, cl, ph *stats, val func(*stats) float64, fmtVal func(float64) string, limit float64) {
	lim := fmt.Sprintf("≤ %.2f", limit)
	if limit < 1 && limit > 0.3 && limit < 0.34 {
		lim = "≤ 1/3"
	}
	if cl.err != nil || ph == nil || ph.err != nil {
		h.failed++
		fmt.Fprintf(h.out, "| %s | %s | %s | | %s | FAIL (error) |\n", what, errOr(cl, val, fmtVal), errOr(ph, val, fmtVal), lim)
		return
	}
	r := val(cl) / val(ph)
	fmt.Fprintf(h.out, "| %s | %s | %s | %.2f | %s | %s |\n", what, fmtVal(val(cl)), fmtVal(val(ph)), r, lim, h.verdict(r <= limit))
}

func errOr(s *stats, val func(*stats) float64, fmtVal func(float64) string) string {
	if s == nil || s.err != nil {
		return "error"
	}
	return fmtVal(val(s))
}

func (h *harness) verdict(ok bool) string {
	if ok {
		return "PASS"
	}
	h.failed++
	return "FAIL"
}

// runScale measures every struct (JSON) on the cut inputs and VMLINUX.
func (h *harness) runScale() {
	type row struct {
		path     string
		cls, phs *stats
	}
	var rows []row
	for _, in := range append(slices.Clone(h.scale), h.vmlinux) {
		if in == h.vmlinux && h.everyPair != nil {
			rows = append(rows, row{in, h.everyPair.cls, h.everyPair.phs})
			continue
		}
		st := h.measure("every struct, JSON, "+describeSize(in), []*command{h.cl("-format", "json", in), h.ph("-j", "-F", "dwarf", in)})
		rows = append(rows, row{in, st[0], st[1]})
	}
	fmt.Fprintf(h.out, "\n## Cost by input size\n\n")
	fmt.Fprintf(h.out, "Every struct, JSON (`cachelint layout -format json`, `pahole -j -F dwarf`). The smaller inputs are %s cut by cutdwarf (internal/cmd) to its first compile units, the share of .debug_info that a file of that size carries, padded to that size with a section no reader reads. Medians of %s.\n\n", filepath.Base(h.vmlinux), plural(h.n, "run"))
	fmt.Fprintf(h.out, "| input | .debug_info | cachelint wall | cachelint CPU | cachelint peak RSS | pahole wall | pahole peak RSS | time ratio | memory ratio |\n")
	fmt.Fprintf(h.out, "|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range rows {
		info := "?"
		if f, err := elf.Open(r.path); err == nil {
			if s := f.Section(".debug_info"); s != nil {
				info = fmt.Sprintf("%.1f MB", float64(s.Size)/1e6)
			}
			f.Close()
		}
		cw, cc, cm, pw, pm, tr, mr := "error", "", "", "error", "", "", ""
		if r.cls.err == nil {
			cw, cc, cm = fmtDur(r.cls.wallMedian()), fmtDur(r.cls.cpuMedian()), fmtKB(r.cls.rssMedian())
		}
		if r.phs.err == nil {
			pw, pm = fmtDur(r.phs.wallMedian()), fmtKB(r.phs.rssMedian())
		}
		if r.cls.err == nil && r.phs.err == nil {
			tr = fmt.Sprintf("%.2f", r.cls.wallMedianF()/r.phs.wallMedianF())
			mr = fmt.Sprintf("%.2f", r.cls.rssMedianF()/r.phs.rssMedianF())
		}
		fmt.Fprintf(h.out, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", describeSize(r.path), info, cw, cc, cm, pw, pm, tr, mr)
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// describe is a file's base name and size.
func describe(path string) string {
	return fmt.Sprintf("%s (%s)", filepath.Base(path), describeSize(path))
}

func describeSize(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "?"
	}
	if st.Size() >= 1e6 {
		return fmt.Sprintf("%.0f MB", float64(st.Size())/1e6)
	}
	return fmt.Sprintf("%.0f kB", float64(st.Size())/1e3)
}

// gunzip writes the uncompressed path into the scratch dir.
func (h *harness) gunzip(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	out := filepath.Join(h.tmp, strings.TrimSuffix(filepath.Base(path), ".gz"))
	w, err := os.Create(out)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(w, zr); err != nil {
		w.Close()
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return out, w.Close()
}

// stats are the measured runs of one command.
type stats struct {
	cmd  *command
	wall []time.Duration
	cpu  []time.Duration // user + system
	rss  []int64         // peak resident set, kB
	err  error
}

func (s *stats) wallMedian() time.Duration { return median(s.wall) }
func (s *stats) cpuMedian() time.Duration  { return median(s.cpu) }
func (s *stats) rssMedian() int64          { return median(s.rss) }
func (s *stats) wallMedianF() float64      { return s.wallMedian().Seconds() }
func (s *stats) rssMedianF() float64       { return float64(s.rssMedian()) }

// median of xs (the mean of the middle two when len(xs) is even); xs is
// not changed.
func median[T time.Duration | int64](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// measure runs the warm-ups, then n rounds in which each command runs once;
// a command that fails is not run again.
func (h *harness) measure(name string, cmds []*command) []*stats {
	st := make([]*stats, len(cmds))
	for i, c := range cmds {
		st[i] = &stats{cmd: c}
		h.note(c)
	}
	for round := -h.warmup; round < h.n; round++ {
		for _, s := range st {
			if s.err != nil {
				continue
			}
			r, err := h.run(s.cmd)
			label := fmt.Sprintf("run %d/%d", round+1, h.n)
			if round < 0 {
				label = "warm-up"
			}
			if err != nil {
				s.err = err
				h.errors++
				fmt.Fprintf(os.Stderr, "%s: %s %s: %v\n", name, s.cmd.tool, label, err)
				continue
			}
			fmt.Fprintf(os.Stderr, "%s: %s %s: %s, %s\n", name, s.cmd.tool, label, fmtDur(r.wall), fmtKB(r.rss))
			if round >= 0 {
				s.wall = append(s.wall, r.wall)
				s.cpu = append(s.cpu, r.cpu)
				s.rss = append(s.rss, r.rss)
			}
		}
	}
	return st
}

func (h *harness) note(c *command) {
	line := c.String()
	if h.commandSet == nil {
		h.commandSet = map[string]bool{}
	}
	if !h.commandSet[line] {
		h.commandSet[line] = true
		h.commands = append(h.commands, line)
	}
}

// A sample is one run.
type sample struct {
	wall, cpu time.Duration
	rss       int64 // kB
}

// run runs c once with stdout to /dev/null.
func (h *harness) run(c *command) (sample, error) {
	ctx, cancel := context.WithTimeout(context.Background(), h.timeout)
	defer cancel()
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return sample{}, err
	}
	defer devnull.Close()
	cmd := exec.CommandContext(ctx, c.path, c.args...)
	cmd.Stdout = devnull
	var stderr tailBuffer
	cmd.Stderr = &stderr
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	ps := cmd.ProcessState
	if ps == nil {
		return sample{}, err
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return sample{}, err
	}
	if ctx.Err() != nil {
		return sample{}, fmt.Errorf("killed after %v", h.timeout)
	}
	if code := ps.ExitCode(); !slices.Contains(c.ok, code) {
		return sample{}, fmt.Errorf("%s (want exit status %v); stderr ends:\n%s", ps, c.ok, stderr.String())
	}
	return sample{wall: wall, cpu: ps.UserTime() + ps.SystemTime(), rss: maxRSS(ps)}, nil
}

// tailBuffer keeps the last 2 kB written to it.
type tailBuffer struct{ b []byte }

func (t *tailBuffer) Write(p []byte) (int, error) {
	const keep = 2048
	t.b = append(t.b, p...)
	if len(t.b) > keep {
		t.b = append(t.b[:0], t.b[len(t.b)-keep:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string { return string(t.b) }

func fmtDur(d time.Duration) string { return fmtDurF(d.Seconds()) }

func fmtDurF(s float64) string {
	switch {
	case s < 0.01:
		return fmt.Sprintf("%.1f ms", s*1000)
	case s < 1:
		return fmt.Sprintf("%.0f ms", s*1000)
	case s < 100:
		return fmt.Sprintf("%.2f s", s)
	}
	return fmt.Sprintf("%.0f s", s)
}

func fmtKB(kb int64) string { return fmtKBF(float64(kb)) }

func fmtKBF(kb float64) string {
	if kb >= 1<<20 {
		return fmt.Sprintf("%.2f GiB", kb/(1<<20))
	}
	return fmt.Sprintf("%.0f MiB", kb/(1<<10))
}

// header prints what the numbers depend on.
func (h *harness) header() {
	fmt.Fprintf(h.out, "# cachelint vs pahole\n\n")
	fmt.Fprintf(h.out, "- date: %s\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(h.out, "- machine: %d CPUs (%s), %s memory, Linux %s\n", runtime.NumCPU(), cpuModel(), memTotal(), readTrim("/proc/sys/kernel/osrelease"))
	load := loadavg()
	var l1 float64
	if _, err := fmt.Sscan(load, &l1); err == nil && l1 >= 1 {
		load += " (busy: other processes compete for the CPUs, so times and their ratios are noisy)"
	}
	fmt.Fprintf(h.out, "- load average at start: %s\n", load)
	rev := h.rev
	if rev == "" {
		rev = "?"
	}
	fmt.Fprintf(h.out, "- cachelint: %s, built with %s\n", rev, runtime.Version())
	ver, err := exec.Command(h.pahole, "--version").Output()
	if err != nil {
		fmt.Fprintf(h.out, "- pahole: %s (%v)\n", h.pahole, err)
	} else {
		fmt.Fprintf(h.out, "- pahole: %s\n", strings.TrimSpace(string(ver)))
	}
}

func (h *harness) footer() {
	fmt.Fprintf(h.out, "\nLoad average at the end: %s. Wall time is from start to exit; CPU is user + system; peak RSS is wait4's ru_maxrss. Commands (stdout to /dev/null):\n\n", loadavg())
	for _, c := range h.commands {
		fmt.Fprintf(h.out, "    %s\n", c)
	}
	switch {
	case h.errors > 0:
		fmt.Fprintf(h.out, "\n%d command(s) failed: see stderr.\n", h.errors)
	case h.failed > 0:
		fmt.Fprintf(h.out, "\n%d target(s) FAIL.\n", h.failed)
	}
}

func readTrim(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}

func loadavg() string {
	f := strings.Fields(readTrim("/proc/loadavg"))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for line := range bytes.Lines(b) {
		if k, v, ok := strings.Cut(string(line), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

func memTotal() string {
	b, _ := os.ReadFile("/proc/meminfo")
	for line := range bytes.Lines(b) {
		var kb int64
		if _, err := fmt.Sscanf(string(line), "MemTotal: %d kB", &kb); err == nil {
			return fmtKB(kb)
		}
	}
	return "?"
}
