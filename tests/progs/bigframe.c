// SPDX-License-Identifier: GPL-2.0
/*
 * Functions whose stack frames are too big for a 16-bit offset: 40 KB
 * (MIPS: two "addiu sp" steps) and over 100 KB (MIPS: lui/ori, subu sp),
 * leaf and non-leaf.  Traced, the call tree, the values and the stack
 * traces must be what they are for small frames.
 */
#include <stdio.h>

#define noinline __attribute__((noipa))

#define KB40	(40 * 1024)
#define KB100	(100 * 1024 + 200)

noinline int small_leaf(int x)
{
	return x * 2 + 1;
}

noinline int leaf40(int n)
{
	volatile char buf[KB40];

	buf[n] = n;
	buf[KB40 - 1 - n] = 3;
	return buf[n] + buf[KB40 - 1 - n];
}

noinline int leaf100(int n)
{
	volatile char buf[KB100];

	buf[n] = n;
	buf[KB100 - 1 - n] = 5;
	return buf[n] + buf[KB100 - 1 - n];
}

noinline int nonleaf40(int n)
{
	volatile char buf[KB40];

	buf[n] = small_leaf(n);
	buf[KB40 - 1] = leaf40(n + 1);
	return buf[n] + buf[KB40 - 1];
}

noinline int nonleaf100(int n)
{
	volatile char buf[KB100];

	buf[n] = small_leaf(n);
	buf[KB100 - 1] = leaf100(n + 1);
	return buf[n] + buf[KB100 - 1];
}

noinline int after_all(int x)
{
	return x - 1;
}

int main(void)
{
	int a = leaf40(1), b = leaf100(2), c = nonleaf40(3), d = nonleaf100(4);

	printf("%d %d %d %d %d\n", a, b, c, d, after_all(a + b + c + d));
	return 0;
}
