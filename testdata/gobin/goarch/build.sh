#!/bin/sh
# Rebuilds goarch-s390x.debug: the empty program built for s390x, its
# debug sections alone (the others NOBITS, as objcopy --only-keep-debug
# leaves them; frame and location lists dropped), for the line size of a
# Go binary's machine (cmd/cachelint TestLayoutMachineLine).
set -eu
cd "$(dirname "$0")"
GOARCH=s390x go build -trimpath -ldflags=-buildid= -o goarch-s390x .
llvm-objcopy --only-keep-debug --remove-section=.debug_frame --remove-section=.debug_loclists \
	--remove-section=.debug_rnglists --remove-section=.debug_gdb_scripts --remove-section=.debug_addr \
	goarch-s390x goarch-s390x.debug
rm goarch-s390x
