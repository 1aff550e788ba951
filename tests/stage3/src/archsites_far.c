// SPDX-License-Identifier: GPL-2.0
/*
 * Built several times (see archsites.c): with each flavour that makes the
 * arch's other site shapes at -O2 and -O0 (far_O2_..., far_O0_...,
 * far2_O2_..., ...), and as usual at -O0 (plain_O0_...); PREFIX gives
 * each build its own symbols.
 */
#define CAT(a, b)	a##b
#define XCAT(a, b)	CAT(a, b)
#define NAME(x)		XCAT(PREFIX, x)

int near_leaf(int a);

__attribute__((noinline)) static int NAME(leaf)(int a)
{
	return a + 2;
}

__attribute__((noinline)) int NAME(mid)(int a)
{
	return near_leaf(a) + NAME(leaf)(a);
}

int NAME(outer)(int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++)
		s += NAME(mid)(i);
	return s;
}
