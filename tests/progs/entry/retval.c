// SPDX-License-Identifier: GPL-2.0
/*
 * Chapter 8: return values for funcgraph-retval.  Each function returns
 * something the printer must show differently: a small int (a leaf), an
 * int error code (upper half of the register zero on a 64-bit arch), a
 * long error code, a pointer, and a non-leaf returning an error code.
 * Prints the values it got, so a test sees they are unchanged.
 */
#include <stdio.h>

#define noinline __attribute__((noipa))

static int object;

noinline int r_answer(void) { return 42; }
noinline int r_einval(void) { return -22; }
noinline long r_long_enoent(void) { return -2L; }
noinline int *r_pointer(void) { return &object; }
noinline int r_outer(int x) { return r_answer() - 64 - x; }

int main(void)
{
	printf("%d %d %ld %d %d\n", r_answer(), r_einval(), r_long_enoent(),
	       r_pointer() == &object, r_outer(0));
	printf("pointer %p\n", (void *)r_pointer());
	return 3;
}
