// Package missing imports a package no module provides.
package missing

import "example.com/mod/nosuch"

var _ = nosuch.X
