// SPDX-License-Identifier: GPL-2.0
/*
 * Recorded as usual (scripts/ftrace-cc); calls the two builds of unrec.c,
 * whose sites recordmcount never saw, and prints what they computed.
 */
#include <stdio.h>

#define noinline	__attribute__((noipa))

int u_O2_mid(int a);
int u_O0_mid(int a);

noinline int r_leaf(int a)
{
	return a + 100;
}

noinline int r_outer(int a)
{
	return u_O2_mid(a) + u_O0_mid(a + 1);
}

int main(void)
{
	int i, s = 0;

	for (i = 0; i < 3; i++)
		s += r_outer(i);
	printf("sum %d\n", s);
	return 0;
}
