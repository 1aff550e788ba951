// SPDX-License-Identifier: GPL-2.0
/*
 * Calls the two builds of shapes_far.c (-O2 and -O0, one site shape) and
 * prints what they computed: traced, the output must not change.
 */
#include <stdio.h>

int far_O2_outer(int n, double *d, long long *w);
int far_O0_outer(int n, double *d, long long *w);

__attribute__((noipa)) int near_leaf(int a)
{
	return a * 7 + 1;
}

int main(void)
{
	long long w;
	double d;
	int s;

	s = far_O2_outer(3, &d, &w);
	printf("O2 %d %g %lld\n", s, d, w);
	s = far_O0_outer(4, &d, &w);
	printf("O0 %d %g %lld\n", s, d, w);
	return s & 0x7f;
}
