// SPDX-License-Identifier: GPL-2.0
/*
 * Built with the kit's flags but NOT run through recordmcount
 * (tests/stage3/test_unrecorded_sites.sh), at -O2 and -O0: PREFIX gives
 * each build its own symbols.  Its mcount sites are in no __mcount_loc
 * table, so dynamic ftrace never converts them: they keep calling
 * MCOUNT_ADDR as gcc emitted them.
 */
#define CAT(a, b)	a##b
#define XCAT(a, b)	CAT(a, b)
#define NAME(x)		XCAT(PREFIX, x)
#define noinline	__attribute__((noipa))

int r_leaf(int a);

noinline int NAME(leaf)(int a)
{
	return a * 3;
}

/* calls a recorded function too: it is traced, under whom? */
noinline int NAME(mid)(int a)
{
	return NAME(leaf)(a) + r_leaf(a);
}
