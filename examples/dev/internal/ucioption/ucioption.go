// Package ucioption is the command-line flag of the programs that drive UCI engines
// (examples/dev/match, examples/dev/matesuite): a repeatable "Name=Value" engine option, sent as
// "setoption name Name value Value".
package ucioption

import (
	"fmt"
	"strings"
)

// List is a repeatable flag.Value of engine options, each {Name, Value} in the order given.
type List [][2]string

// String lists the options as "Name=Value, ...".
func (o *List) String() string {
	var s []string
	for _, kv := range *o {
		s = append(s, kv[0]+"="+kv[1])
	}
	return strings.Join(s, ", ")
}

// Set adds one "Name=Value" option (spaces around either side trimmed). An argument without
// "=" or with an empty name is an error that quotes it.
func (o *List) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return fmt.Errorf("option %q: want Name=Value, e.g. \"Skill Level=3\"", v)
	}
	*o = append(*o, [2]string{name, strings.TrimSpace(value)})
	return nil
}
