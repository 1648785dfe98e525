#!/bin/sh
# Rebuilds the ELF fixtures of btfscan's tests: tiny.o (DWARF, no BTF) and
# tiny-btf.o (the same with a .BTF section added by pahole -J), and the
# pahole golden of the latter. Needs gcc and pahole (v1.24 made the ones
# checked in).
set -e
cd "$(dirname "$0")"
gcc -g -O0 -c tiny.c -o tiny.o
cp tiny.o tiny-btf.o
pahole -J tiny-btf.o
pahole -F btf tiny-btf.o > tiny-btf.o.golden
# Raw BTF of the C fixtures, seeds of FuzzBTF.
for f in types bitfields queues; do
	pahole --btf_encode_detached=$f.btf ../../testdata/c/$f.o
done
# Unnamed structs nested 1,500 deep.
pahole --btf_encode_detached=deep.btf ../../testdata/c/deep.o
