// Package sarifcheck checks a SARIF log against what the SARIF 2.1.0 schema
// requires of the objects cachelint writes, and against the rules GitHub
// code scanning applies on upload (the GH rules of Microsoft's SARIF
// multitool): the tests of every command that writes SARIF use it.
package sarifcheck

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// Limits code scanning puts on one upload.
const (
	maxRuns            = 20
	maxResultsPerRun   = 25000
	maxRulesPerRun     = 25000
	maxLocationsPerRes = 1000
)

var (
	levels = []string{"none", "note", "warning", "error"}
	kinds  = []string{"notApplicable", "pass", "fail", "review", "open", "informational"}
	// SARIF 2.1.0 §3.33.7: the logical location kinds.
	logicalKinds = []string{"function", "member", "module", "namespace", "parameter", "resource", "returnType",
		"type", "variable", "object", "array", "property", "value", "element", "text", "attribute", "comment",
		"declaration", "dtd", "processingInstruction"}
)

// Check returns every problem in the log data, nil if none.
func Check(data []byte) []string {
	c := &checker{}
	var log map[string]any
	if err := json.Unmarshal(data, &log); err != nil {
		return []string{"not a JSON object: " + err.Error()}
	}
	if v, _ := log["version"].(string); v != "2.1.0" {
		c.bad("/version", "is %v, want \"2.1.0\"", log["version"])
	}
	if s, ok := log["$schema"]; ok {
		c.uri("/$schema", s, true)
	}
	runs, ok := log["runs"].([]any)
	if !ok {
		c.bad("/runs", "is not an array")
	}
	if len(runs) > maxRuns {
		c.bad("/runs", "has %d runs; code scanning takes at most %d", len(runs), maxRuns)
	}
	for i, r := range runs {
		c.run(fmt.Sprintf("/runs/%d", i), r)
	}
	return c.problems
}

type checker struct{ problems []string }

func (c *checker) bad(at, format string, args ...any) {
	c.problems = append(c.problems, at+": "+fmt.Sprintf(format, args...))
}

func (c *checker) object(at string, v any) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		c.bad(at, "is not an object")
	}
	return m
}

func (c *checker) text(at string, v any, required bool) string {
	if v == nil {
		if required {
			c.bad(at, "is missing")
		}
		return ""
	}
	s, ok := v.(string)
	if !ok {
		c.bad(at, "is not a string")
	} else if required && strings.TrimSpace(s) == "" {
		c.bad(at, "is empty")
	}
	return s
}

func (c *checker) integer(at string, v any, min int) (int, bool) {
	if v == nil {
		return 0, false
	}
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) || int(f) < min {
		c.bad(at, "is %v, want an integer >= %d", v, min)
		return 0, false
	}
	return int(f), true
}

func (c *checker) uri(at string, v any, absolute bool) *url.URL {
	s := c.text(at, v, true)
	u, err := url.Parse(s)
	if err != nil {
		c.bad(at, "%q is not a URI: %v", s, err)
		return nil
	}
	if absolute && !u.IsAbs() {
		c.bad(at, "%q is not an absolute URI", s)
	}
	return u
}

// message is a SARIF message object; code scanning shows only its text
// (GH1007: no message strings by id, no placeholders left).
func (c *checker) message(at string, v any) {
	m := c.object(at, v)
	s := c.text(at+"/text", m["text"], true)
	if strings.Contains(s, "{0}") {
		c.bad(at+"/text", "has an unfilled placeholder")
	}
}

func (c *checker) run(at string, v any) {
	run := c.object(at, v)
	driver := c.object(at+"/tool/driver", c.object(at+"/tool", run["tool"])["driver"])
	c.text(at+"/tool/driver/name", driver["name"], true)
	if driver["version"] == nil && driver["semanticVersion"] == nil {
		c.bad(at+"/tool/driver", "has no version or semanticVersion")
	}
	bases := map[string]bool{}
	if b, ok := run["originalUriBaseIds"]; ok {
		for id, loc := range c.object(at+"/originalUriBaseIds", b) {
			u := c.uri(at+"/originalUriBaseIds/"+id+"/uri", c.object(at+"/originalUriBaseIds/"+id, loc)["uri"], true)
			if u != nil && !strings.HasSuffix(u.Path, "/") {
				c.bad(at+"/originalUriBaseIds/"+id+"/uri", "%q does not end with a slash", u)
			}
			bases[id] = true
		}
	}
	var ruleIDs []string
	rules, _ := driver["rules"].([]any)
	if len(rules) > maxRulesPerRun {
		c.bad(at+"/tool/driver/rules", "has %d rules; code scanning takes at most %d", len(rules), maxRulesPerRun)
	}
	for i, r := range rules {
		ruleIDs = append(ruleIDs, c.rule(fmt.Sprintf("%s/tool/driver/rules/%d", at, i), r))
	}
	results, ok := run["results"].([]any)
	if !ok && run["results"] != nil {
		c.bad(at+"/results", "is not an array")
	}
	if len(results) > maxResultsPerRun {
		c.bad(at+"/results", "has %d results; code scanning takes at most %d", len(results), maxResultsPerRun)
	}
	for i, r := range results {
		c.result(fmt.Sprintf("%s/results/%d", at, i), r, ruleIDs, bases)
	}
}

// rule is a reportingDescriptor; GH2012: code scanning needs its short and
// full descriptions and its help.
func (c *checker) rule(at string, v any) string {
	r := c.object(at, v)
	id := c.text(at+"/id", r["id"], true)
	// SARIF1001: a name is for people, the id stable and opaque; the
	// multitool takes one equal to the id but for case as the id again.
	if name, ok := r["name"]; ok && strings.EqualFold(c.text(at+"/name", name, true), id) {
		c.bad(at+"/name", "%q is the id %q but for case (SARIF1001)", name, id)
	}
	for _, p := range []string{"shortDescription", "fullDescription", "help"} {
		if r[p] == nil {
			c.bad(at+"/"+p, "is missing (GH2012)")
			continue
		}
		c.text(at+"/"+p+"/text", c.object(at+"/"+p, r[p])["text"], true)
	}
	if u, ok := r["helpUri"]; ok {
		c.uri(at+"/helpUri", u, true)
	}
	if dc, ok := r["defaultConfiguration"]; ok {
		if l, ok := c.object(at+"/defaultConfiguration", dc)["level"]; ok && !slices.Contains(levels, c.text(at+"/defaultConfiguration/level", l, true)) {
			c.bad(at+"/defaultConfiguration/level", "%v is not a level", l)
		}
	}
	return id
}

func (c *checker) result(at string, v any, ruleIDs []string, bases map[string]bool) {
	r := c.object(at, v)
	c.message(at+"/message", r["message"])
	id := c.text(at+"/ruleId", r["ruleId"], true)
	if !slices.Contains(ruleIDs, id) {
		c.bad(at+"/ruleId", "%q is not a rule of the driver", id)
	}
	if i, ok := c.integer(at+"/ruleIndex", r["ruleIndex"], -1); ok && i >= 0 && (i >= len(ruleIDs) || ruleIDs[i] != id) {
		c.bad(at+"/ruleIndex", "%d does not index rule %q", i, id)
	}
	if l, ok := r["level"]; ok && !slices.Contains(levels, c.text(at+"/level", l, true)) {
		c.bad(at+"/level", "%v is not a level", l)
	}
	if k, ok := r["kind"]; ok && !slices.Contains(kinds, c.text(at+"/kind", k, true)) {
		c.bad(at+"/kind", "%v is not a result kind", k)
	}
	// GH1001: code scanning shows a result only at a file.
	locs := c.nonEmpty(at, r, "locations", "GH1001")
	if len(locs) > maxLocationsPerRes {
		c.bad(at+"/locations", "has %d locations; code scanning takes at most %d", len(locs), maxLocationsPerRes)
	}
	for i, l := range locs {
		c.location(fmt.Sprintf("%s/locations/%d", at, i), l, bases)
	}
	if f, ok := r["fixes"]; ok {
		fixes, ok := f.([]any)
		if !ok {
			c.bad(at+"/fixes", "is not an array")
		}
		for i, f := range fixes {
			c.fix(fmt.Sprintf("%s/fixes/%d", at, i), f, bases)
		}
	}
}

// nonEmpty is the array obj holds at key, which rule says must have an
// element.
func (c *checker) nonEmpty(at string, obj map[string]any, key, rule string) []any {
	a, _ := obj[key].([]any)
	if len(a) == 0 {
		c.bad(at+"/"+key, "is missing or empty (%s)", rule)
	}
	return a
}

// fix is a fix object (§3.55): changes to one or more artifacts, each
// replacing regions of it.
func (c *checker) fix(at string, v any, bases map[string]bool) {
	f := c.object(at, v)
	if d, ok := f["description"]; ok {
		c.message(at+"/description", d)
	}
	changes := c.nonEmpty(at, f, "artifactChanges", "§3.55.3")
	for i, ch := range changes {
		cat := fmt.Sprintf("%s/artifactChanges/%d", at, i)
		m := c.object(cat, ch)
		c.artifact(cat+"/artifactLocation", m["artifactLocation"], bases)
		reps := c.nonEmpty(cat, m, "replacements", "§3.56.3")
		for j, r := range reps {
			rat := fmt.Sprintf("%s/replacements/%d", cat, j)
			rm := c.object(rat, r)
			if rm["deletedRegion"] == nil {
				c.bad(rat+"/deletedRegion", "is missing (§3.57.3)")
			} else {
				c.region(rat+"/deletedRegion", rm["deletedRegion"])
			}
			if ins, ok := rm["insertedContent"]; ok {
				c.text(rat+"/insertedContent/text", c.object(rat+"/insertedContent", ins)["text"], false)
			}
		}
	}
}

// region is a region object (§3.30) that gives lines and columns, and
// bytes where it gives them: a start before its end.
func (c *checker) region(at string, v any) {
	m := c.object(at, v)
	startLine, ok := c.integer(at+"/startLine", m["startLine"], 1)
	if !ok {
		c.bad(at+"/startLine", "is missing")
	}
	startCol, _ := c.integer(at+"/startColumn", m["startColumn"], 1)
	endLine, ok := c.integer(at+"/endLine", m["endLine"], 1)
	if ok && endLine < startLine {
		c.bad(at+"/endLine", "%d is before startLine %d", endLine, startLine)
	}
	if endCol, ok := c.integer(at+"/endColumn", m["endColumn"], 1); ok && endLine == startLine && endCol < startCol {
		c.bad(at+"/endColumn", "%d is before startColumn %d", endCol, startCol)
	}
	c.integer(at+"/byteOffset", m["byteOffset"], 0)
	c.integer(at+"/byteLength", m["byteLength"], 0)
}

// artifact is an artifactLocation: a URI code scanning takes, with a
// base the run defines.
func (c *checker) artifact(at string, v any, bases map[string]bool) {
	a := c.object(at, v)
	u := c.uri(at+"/uri", a["uri"], false)
	// GH1005: a relative reference or a file: URI.
	if u != nil && u.IsAbs() && u.Scheme != "file" {
		c.bad(at+"/uri", "%q is neither relative nor a file: URI (GH1005)", u)
	}
	if u != nil && !u.IsAbs() && strings.HasPrefix(u.Path, "/") {
		c.bad(at+"/uri", "%q is a path from the machine's root, not from the repository's", u)
	}
	if b, ok := a["uriBaseId"]; ok {
		id := c.text(at+"/uriBaseId", b, true)
		if !bases[id] {
			c.bad(at+"/uriBaseId", "%q is not in the run's originalUriBaseIds", id)
		}
		if u != nil && u.IsAbs() {
			c.bad(at+"/uri", "%q is absolute but has a uriBaseId", u)
		}
	}
}

func (c *checker) location(at string, v any, bases map[string]bool) {
	l := c.object(at, v)
	if l["physicalLocation"] == nil {
		c.bad(at+"/physicalLocation", "is missing (GH1001)")
	} else {
		p := c.object(at+"/physicalLocation", l["physicalLocation"])
		c.artifact(at+"/physicalLocation/artifactLocation", p["artifactLocation"], bases)
		if reg, ok := p["region"]; !ok {
			// GH1003: code scanning shows a result at its line.
			c.bad(at+"/physicalLocation/region", "is missing (GH1003)")
		} else {
			rm := c.object(at+"/physicalLocation/region", reg)
			if _, ok := c.integer(at+"/physicalLocation/region/startLine", rm["startLine"], 1); !ok {
				c.bad(at+"/physicalLocation/region/startLine", "is missing (GH1003)")
			}
			c.integer(at+"/physicalLocation/region/startColumn", rm["startColumn"], 1)
		}
	}
	logical, _ := l["logicalLocations"].([]any)
	for i, ll := range logical {
		lat := fmt.Sprintf("%s/logicalLocations/%d", at, i)
		lm := c.object(lat, ll)
		c.text(lat+"/name", lm["name"], false)
		c.text(lat+"/fullyQualifiedName", lm["fullyQualifiedName"], false)
		if k, ok := lm["kind"]; ok && !slices.Contains(logicalKinds, c.text(lat+"/kind", k, true)) {
			c.bad(lat+"/kind", "%v is not a logical location kind", k)
		}
	}
}
