// SPDX-License-Identifier: GPL-2.0
/*
 * Functions that realign their stack: show() an over-aligned local and,
 * on x86_64 built with -mavx2, a 32-byte vector (an __m256 in %ymm0);
 * after() an over-aligned local and a struct passed on the stack;
 * cold_show(), optimised for size, passes the vector on; with_alloca()
 * realigns and calls alloca().  gcc's x86_64 prologue for such a function
 * may keep the incoming stack pointer in a register and push a copy of
 * the return address below the realigned frame, where mcount finds it
 * (-maccumulate-outgoing-args avoids it in the first two, not in the
 * others at every -O): the hijack must go to the original
 * (docs/02-graph-tracer.md, "Per arch: where the return address lives").  On the other arches the same program checks that
 * realigned frames come back through the hijack as well.
 * Prints "1.5 1.5 / 4", "2.5 2.5 / 7".
 */
#include <stdio.h>
#include <string.h>
#ifdef __AVX2__
#include <immintrin.h>
typedef __m256 vec;
#define VEC(x)	_mm256_set1_ps(x)
#else
typedef float vec;	/* show() then realigns for its local alone */
#define VEC(x)	(x)
#endif

#define noinline __attribute__((noipa))

struct big { int a[64]; };

noinline int leaf(int x)
{
	return x + 1;
}

noinline void show(vec v)
{
	float f[8] __attribute__((aligned(32)));

#ifdef __AVX2__
	memcpy(f, &v, sizeof(f));
#else
	f[0] = f[7] = v;
#endif
	printf("%g %g / ", f[0], f[7]);
}

noinline int after(struct big b)
{
	char buf[64] __attribute__((aligned(64)));

	memset(buf, b.a[0], sizeof(buf));
	return leaf(buf[5] + b.a[63]);
}

/* code gcc optimises for size: -maccumulate-outgoing-args is ignored */
noinline __attribute__((cold)) void cold_show(vec v)
{
	show(v);
}

/* alloca() in a realigned frame: the copy stays at -O0 with the flag */
noinline int with_alloca(int n)
{
	char buf[64] __attribute__((aligned(64)));
	char *p = __builtin_alloca(n);

	memset(buf, n, sizeof(buf));
	memset(p, 1, n);
	return leaf(buf[3] + p[n - 1]);
}

int main(void)
{
	struct big b = { { 1 } };

	b.a[63] = 2;
	show(VEC(1.5f));
	printf("%d\n", after(b));
	cold_show(VEC(2.5f));
	printf("%d\n", with_alloca(5));
	return 0;
}
