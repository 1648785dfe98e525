/* An object built without -g: ELF, but no DWARF. Rebuild with
 * gcc -O0 -fno-ident -c nodebug.c -o nodebug.o */
struct point { int x, y; };
struct point origin = { 0, 0 };
