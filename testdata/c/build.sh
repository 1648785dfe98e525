#!/bin/sh
# Rebuilds the C fixtures next to their sources. GCC 12 (Debian 12.2.0),
# x86-64. Paths are mapped to "." so the objects do not depend on the
# checkout location.
set -eu
cd "$(dirname "$0")"
CC=${CC:-gcc}
CFLAGS="-O0 -ffile-prefix-map=$(pwd)=. -fno-ident"

# One object per source, DWARF 5 (GCC 12's default, made explicit).
for src in bitfields groups packed pads queues types; do
	$CC -g -gdwarf-5 $CFLAGS -c $src.c -o $src.o
done

# Linux 6.1's struct tcp_sock (see tcp_sock61.c); GCC warns about the
# kernel's function pointer parameters, which is of no matter here.
$CC -g -gdwarf-5 -w $CFLAGS -c tcp_sock61.c -o tcp_sock61.o

# Unnamed enums: values signed, unsigned and wider than 32 bits.
$CC -g -gdwarf-5 $CFLAGS -c enums.c -o enums.o

# i386: pahole packs with a 4-byte word.
$CC -m32 -g -gdwarf-5 $CFLAGS -c holes32.c -o holes32.o

# DWARF 4: bit-fields use DW_AT_bit_offset instead of DW_AT_data_bit_offset.
$CC -g -gdwarf-4 $CFLAGS -c bitfields.c -o bitfields-dwarf4.o
$CC -g -gdwarf-4 $CFLAGS -c queues.c -o queues-dwarf4.o

# s390x, big-endian: DW_AT_bit_offset counts from the most significant
# bit, which is the first in memory. clang emits it at every DWARF version,
# gcc at DWARF 4 and older (gcc-s390x-linux-gnu).
clang -target s390x-linux-gnu -g -gdwarf-5 $CFLAGS -c bitfields.c -o bitfields-s390x.o
${S390X_CC:-s390x-linux-gnu-gcc} -g -gdwarf-4 $CFLAGS -c bitfields.c -o bitfields-s390x-dwarf4.o

# Split DWARF (-gsplit-dwarf): the types go to queues-split.dwo, the object
# keeps a skeleton unit naming it; DWARF 5 and DWARF 4 (GNU's forms).
$CC -g -gdwarf-5 -gsplit-dwarf $CFLAGS -c queues.c -o queues-split.o
$CC -g -gdwarf-4 -gsplit-dwarf $CFLAGS -c queues.c -o queues-split4.o
# -g1: DWARF with functions and lines but no types.
$CC -g1 $CFLAGS -c queues.c -o queues-g1.o

# A BPF program (clang -target bpf): DWARF with BPF relocations, and .BTF.
clang -target bpf -g -O2 $CFLAGS -c bpf.c -o bpf.o

# An object with compressed (SHF_COMPRESSED, zlib) debug sections.
$CC -g -gdwarf-5 -gz=zlib $CFLAGS -c types.c -o types-gz.o

# A linked executable with several compile units and compressed debug
# sections.
$CC -g -gdwarf-5 -gz=zlib $CFLAGS -o fixture main.c queues.c packed.c \
	-Wl,--compress-debug-sections=zlib -Wl,--build-id=none

# Unnamed structs nested 1,500 deep (valid C; gcc and pahole take it),
# generated here, beside an ordinary struct that must not be lost.
{
	printf 'struct deep {\n\tint head;\n'
	i=0; while [ $i -lt 1500 ]; do printf 'struct {\n'; i=$((i+1)); done
	printf 'int leaf;\n'
	i=0; while [ $i -lt 1500 ]; do printf '};\n'; i=$((i+1)); done
	printf '\tint tail;\n};\n\nstruct other {\n\tlong a;\n\tchar b;\n};\n\nstruct deep d;\nstruct other o;\n'
} > deep.c
$CC -g -gdwarf-5 $CFLAGS -c deep.c -o deep.o

# Arrays of a terabyte: sizes past 32 bits.
$CC -g -gdwarf-5 $CFLAGS -c huge.c -o huge.o
$CC -g -gdwarf-5 $CFLAGS -c huge-v2.c -o huge-v2.o

# One header included by two units, one with a macro that changes a
# member's type (as fs/compat_binfmt_elf.c includes fs/binfmt_elf.c), and
# each defining a union, a typedef and a struct of one name and another
# size or alignment before it: structs declared at one place with two
# layouts or two spellings. Linked, so that equal strings are merged, as
# in a vmlinux.
$CC -g -gdwarf-5 $CFLAGS -o samespot samespot.c samespot-compat.c -Wl,--build-id=none

# Type units (-fdebug-types-section): DWARF 4 puts them in .debug_types,
# DWARF 5 in .debug_info; the same executable without them, DWARF 4, to
# compare with (fixture is the DWARF 5 one).
for v in 4 5; do
	$CC -g -gdwarf-$v -fdebug-types-section $CFLAGS -o fixture-tu$v main.c queues.c packed.c -Wl,--build-id=none
done
$CC -g -gdwarf-4 $CFLAGS -o fixture-dwarf4 main.c queues.c packed.c -Wl,--build-id=none
$CC -g -gdwarf-5 -fdebug-types-section $CFLAGS -c queues.c -o queues-tu.o

# C++ base classes: empty and virtual.
${CXX:-g++} -g -gdwarf-5 $CFLAGS -c cxx.cc -o cxx.o
# Its second build, for cachelint diff: Hidden's base changes access.
mkdir -p v2
${CXX:-g++} -g -gdwarf-5 -DCXX_V2 $CFLAGS -c cxx.cc -o v2/cxx.o

# C++ of everyday code: access, member functions, templates, references,
# pointers to members, enum class, alignas.
${CXX:-g++} -g -gdwarf-5 $CFLAGS -c cxxtypes.cc -o cxxtypes.o
# DWARF 4: static members are DW_TAG_member, the language C++98's.
${CXX:-g++} -g -gdwarf-4 $CFLAGS -c cxxtypes.cc -o cxxtypes-dwarf4.o

# Structs that hold two of the one before, 20 deep: pahole -E prints
# each expansion in full, 2^21 members for the last; cachelint refuses
# past its limit (docs/binaries.md).
{
	printf 'typedef struct x0 { int leaf; } x0_t;\n'
	i=1; while [ $i -le 20 ]; do printf 'struct x%d { x%d_t l; struct x%d r; };\ntypedef struct x%d x%d_t;\n' $i $((i-1)) $((i-1)) $i $i; i=$((i+1)); done
	printf '\nstruct x20 v;\n'
} > doubling.c
$CC -g -gdwarf-5 $CFLAGS -c doubling.c -o doubling.o

# A struct of 2^61 bytes, each of its arrays within the 2^60 limit:
# cachelint refuses it (docs/binaries.md), pahole prints it as empty.
$CC -g -gdwarf-5 $CFLAGS -c big.c -o big.o

# Structs of Linux 6.1 that cachelint printed otherwise than pahole.
$CC -g -gdwarf-5 $CFLAGS -c pahole61.c -o pahole61.o

# 1,500 typedefs, each of the one before, and a struct with a member of
# each: pahole -E names 1.1 million typedefs for it; cachelint refuses
# past its limit (docs/binaries.md).
{
	printf 'typedef int t0;\n'
	i=1; while [ $i -lt 1500 ]; do printf 'typedef t%d t%d;\n' $((i-1)) $i; i=$((i+1)); done
	printf 'struct chain {\n'
	i=0; while [ $i -lt 1500 ]; do printf '\tt%d m%d;\n' $i $i; i=$((i+1)); done
	printf '};\n\nstruct chain c;\n'
} > typedefs.c
$CC -g -gdwarf-5 $CFLAGS -c typedefs.c -o typedefs.o

# Virtual base classes (pahole 1.24 cannot place them): g++ and clang++.
${CXX:-g++} -g -gdwarf-5 $CFLAGS -c vbases.cc -o vbases.o
clang++ -g -gdwarf-5 $CFLAGS -c vbases.cc -o vbases-clang.o

# 17,000 typedefs in a row, the last a member's type: past the 16,384
# types in a row the reader follows, an error rather than a size of 0.
# Generated, not kept (it is 370 kB); the object is kept gzipped.
{
	printf 'typedef int t0;\n'
	i=1; while [ $i -lt 17000 ]; do printf 'typedef t%d t%d;\n' $((i-1)) $i; i=$((i+1)); done
	printf 'struct longchain {\n\tt16999 last;\n\tint x;\n};\n\nstruct longchain lc;\n'
} > longchain.c
$CC -g -gdwarf-5 $CFLAGS -c longchain.c -o longchain.o
gzip -9 -n -f longchain.o
rm longchain.c
