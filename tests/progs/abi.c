// SPDX-License-Identifier: GPL-2.0
/*
 * Every way a value reaches or leaves a function: many integer and float
 * arguments (registers and stack), varargs, 64-bit and float returns,
 * small structs, errno.  Its output must be the same traced or not.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define noinline __attribute__((noipa))

struct pair { int a; int b; };
struct big { long x[5]; };

noinline long ints(long a, long b, long c, long d, long e, long f, long g,
		   long h, long i, long j)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h +
	       9 * i + 10 * j;
}

noinline double floats(double a, float b, double c, float d, double e,
		       double f, double g, double h, double i, double j)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h +
	       9 * i + 10 * j;
}

noinline double mixed(int a, double b, long long c, float d, char e)
{
	return a * b + (double)c * d + e;
}

noinline long sum_va(int n, ...)
{
	va_list ap;
	long s = 0;
	int i;

	va_start(ap, n);
	for (i = 0; i < n; i++)
		s += i % 2 ? (long)va_arg(ap, double) : va_arg(ap, long);
	va_end(ap);
	return s;
}

noinline uint64_t ret64(uint32_t hi, uint32_t lo)
{
	return ((uint64_t)hi << 32) | lo;
}

noinline float retf(float x)
{
	return x * 1.5f;
}

noinline double retd(double x)
{
	return x / 3.0;
}

noinline struct pair retpair(int a)
{
	struct pair p = { a, -a };

	return p;
}

noinline struct big retbig(long a)
{
	struct big b = { { a, a + 1, a + 2, a + 3, a + 4 } };

	return b;
}

static const char hello[] = "pointer";

noinline const char *retptr(int i)
{
	return hello + i;
}

noinline int fails(void)
{
	errno = ERANGE;
	return -1;
}

int main(void)
{
	struct big b = retbig(40);
	struct pair p = retpair(7);
	int r;

	printf("ints %ld\n", ints(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
	printf("floats %.17g\n", floats(1.1, 2.2f, 3.3, 4.4f, 5.5, 6.6, 7.7,
					8.8, 9.9, 10.1));
	printf("mixed %.17g\n", mixed(3, 0.25, 1LL << 40, 0.5f, 'x'));
	printf("va %ld\n", sum_va(6, 1L, 2.0, 3L, 4.0, 5L, 6.0));
	printf("ret64 %llx\n",
	       (unsigned long long)ret64(0xdeadbeef, 0x12345678));
	printf("retf %.9g\n", retf(2.5f));
	printf("retd %.17g\n", retd(10.0));
	printf("pair %d %d\n", p.a, p.b);
	printf("big %ld %ld\n", b.x[0], b.x[4]);
	printf("ptr %s %d\n", retptr(3), retptr(0) == hello);
	errno = 0;
	r = fails();
	printf("errno %d %s\n", r, strerror(errno));
	return 7;
}
