package sarifcheck

import (
	"strings"
	"testing"
)

const good = `{"version": "2.1.0", "runs": [{
 "tool": {"driver": {"name": "t", "version": "1", "rules": [
  {"id": "r", "name": "Rule", "shortDescription": {"text": "s"}, "fullDescription": {"text": "f"}, "help": {"text": "h"}, "defaultConfiguration": {"level": "error"}}]}},
 "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///src/"}},
 "results": [{"ruleId": "r", "ruleIndex": 0, "level": "warning", "message": {"text": "m"},
  "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a/b.c", "uriBaseId": "%SRCROOT%"}, "region": {"startLine": 3}},
   "logicalLocations": [{"name": "x", "fullyQualifiedName": "s.x", "kind": "member"}]}],
  "fixes": [{"description": {"text": "d"}, "artifactChanges": [{"artifactLocation": {"uri": "a/b.c", "uriBaseId": "%SRCROOT%"},
   "replacements": [{"deletedRegion": {"startLine": 3, "startColumn": 9, "endLine": 5, "endColumn": 1, "byteOffset": 40, "byteLength": 20}, "insertedContent": {"text": "x"}}]}]}]}]}]}`

func TestCheck(t *testing.T) {
	if p := Check([]byte(good)); p != nil {
		t.Fatalf("good log: %q", p)
	}
	for _, c := range []struct{ from, to, problem string }{
		{`"version": "2.1.0"`, `"version": "2.0.0"`, "/version: is 2.0.0"},
		{`, "version": "1"`, ``, "/runs/0/tool/driver: has no version"},
		{`"fullDescription": {"text": "f"}, `, ``, "rules/0/fullDescription: is missing (GH2012)"},
		{`"help": {"text": "h"}`, `"help": {"text": ""}`, "rules/0/help/text: is empty"},
		{`"level": "error"`, `"level": "fatal"`, "defaultConfiguration/level: fatal is not a level"},
		{`"ruleId": "r"`, `"ruleId": "q"`, `"q" is not a rule`},
		{`"ruleIndex": 0`, `"ruleIndex": 1`, "ruleIndex: 1 does not index"},
		{`"message": {"text": "m"}`, `"message": {"id": "m"}`, "message/text: is missing"},
		{`"uri": "a/b.c", "uriBaseId": "%SRCROOT%"`, `"uri": "/src/a/b.c"`, "is a path from the machine's root"},
		{`"uri": "a/b.c", "uriBaseId": "%SRCROOT%"`, `"uri": "https://x/a/b.c"`, "neither relative nor a file: URI (GH1005)"},
		{`"uriBaseId": "%SRCROOT%"`, `"uriBaseId": "%ROOT%"`, `"%ROOT%" is not in the run's originalUriBaseIds`},
		{`"uri": "file:///src/"`, `"uri": "file:///src"`, "does not end with a slash"},
		{`"region": {"startLine": 3}`, `"region": {"startColumn": 3}`, "startLine: is missing (GH1003)"},
		{`, "region": {"startLine": 3}`, ``, "region: is missing (GH1003)"},
		{`"name": "Rule"`, `"name": "R"`, `rules/0/name: "R" is the id "r" but for case (SARIF1001)`},
		{`"kind": "member"`, `"kind": "field"`, "field is not a logical location kind"},
		{`"artifactChanges": [{`, `"artifactChanges": [], "x": [{`, "artifactChanges: is missing or empty"},
		{`"replacements": [{`, `"replacements": [], "x": [{`, "replacements: is missing or empty"},
		{`"deletedRegion"`, `"deleted"`, "deletedRegion: is missing"},
		{`"endLine": 5`, `"endLine": 2`, "endLine: 2 is before startLine 3"},
		{`"endLine": 5, "endColumn": 1`, `"endLine": 3, "endColumn": 1`, "endColumn: 1 is before startColumn 9"},
		{`"byteLength": 20`, `"byteLength": -1`, "byteLength: is -1"},
		{`"description": {"text": "d"}`, `"description": {"text": ""}`, "fixes/0/description/text: is empty"},
		{`"uri": "a/b.c", "uriBaseId": "%SRCROOT%"},
   "replacements"`, `"uri": "/a/b.c"},
   "replacements"`, "artifactChanges/0/artifactLocation/uri: \"/a/b.c\" is a path from the machine's root"},
		{`"locations": [{"physicalLocation": {"artifactLocation": {"uri": "a/b.c", "uriBaseId": "%SRCROOT%"}, "region": {"startLine": 3}},`, `"locations": [{`, "physicalLocation: is missing (GH1001)"},
	} {
		log := strings.Replace(good, c.from, c.to, 1)
		if log == good {
			t.Fatalf("%q not in the good log", c.from)
		}
		p := Check([]byte(log))
		if !strings.Contains(strings.Join(p, "\n"), c.problem) {
			t.Errorf("%s -> %s: problems %q, want %q", c.from, c.to, p, c.problem)
		}
	}
}
