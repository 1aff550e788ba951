// SPDX-License-Identifier: GPL-2.0
/*
 * Built with each call-site shape the arch's graph tracer must hook
 * besides the kit's own (TEST_GRAPH_SHAPES in arch/<arch>/tests/facts.sh:
 * MIPS -mlong-calls), at -O2 and at -O0; PREFIX gives each build its own
 * symbols (tests/stage2/test_graph_shapes.sh).  Leaf and non-leaf
 * functions, a frame over 32 KB, a double and a 64-bit result, and a
 * recursion, so that every prologue shape meets the site.
 */
#define CAT(a, b)	a##b
#define XCAT(a, b)	CAT(a, b)
#define NAME(x)		XCAT(PREFIX, x)
#define noinline	__attribute__((noipa))

int near_leaf(int a);

noinline int NAME(leaf)(int a)
{
	return a + 2;
}

noinline int NAME(mid)(int a)
{
	return near_leaf(a) + NAME(leaf)(a);
}

noinline int NAME(big)(int n)
{
	volatile char buf[40 * 1024];

	buf[n] = NAME(leaf)(n);
	buf[sizeof(buf) - 1] = 7;
	return buf[n] + buf[sizeof(buf) - 1];
}

noinline double NAME(half)(int a)
{
	return a / 2.0;
}

noinline long long NAME(wide)(int a)
{
	return ((long long)a << 33) + 5;
}

noinline int NAME(rec)(int n)
{
	volatile int keep = n;	/* read after the call: no loop */

	if (!n)
		return 0;
	return NAME(rec)(n - 1) + keep;
}

int NAME(outer)(int n, double *d, long long *w)
{
	int i, s = 0;

	*d = 0;
	*w = 0;
	for (i = 0; i < n; i++) {
		s += NAME(mid)(i) + NAME(big)(i) + NAME(rec)(i);
		*d += NAME(half)(i);
		*w += NAME(wide)(i);
	}
	return s;
}
