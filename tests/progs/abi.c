// SPDX-License-Identifier: GPL-2.0
/*
 * Every way a value reaches or leaves a function: many integer and float
 * arguments (registers and stack), varargs, 64-bit, 128-bit, float, long
 * double and complex returns, small structs and homogeneous float
 * aggregates both ways, a nested function's static chain, errno (also
 * across a thread's first traced call).  Its output must be the same
 * traced or not.  (256/512-bit vectors: abi_vec.c.)
 */
#include <complex.h>
#include <errno.h>
#include <pthread.h>
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

/* returned in registers on every arch's ABI: r0/a-regs, or two GPRs */
struct three { char a, b, c; };
struct fi { float f; int i; };			/* x86_64: xmm0 + rax */
struct hfa3 { float x, y, z; };			/* armhf: s0-s2 */
struct hfa4 { double x, y, z, w; };		/* armhf: d0-d3 */

noinline struct three retthree(int k)
{
	struct three t = { k, k + 1, k + 2 };

	return t;
}

noinline struct fi retfi(float f, int i)
{
	struct fi r = { f * 2, i * 3 };

	return r;
}

noinline struct hfa3 hfa3(struct hfa3 a, float s)
{
	struct hfa3 r = { a.x * s, a.y * s + 1, a.z * s + 2 };

	return r;
}

noinline struct hfa4 hfa4(struct hfa4 a, struct hfa4 b)
{
	struct hfa4 r = { a.x + b.w, a.y + b.z, a.z + b.y, a.w + b.x };

	return r;
}

/* 32-bit arches: a 64-bit value in r0:r1 / v0:v1, both ways */
noinline int64_t neg64(int64_t x, int32_t y)
{
	return -x * y;
}

noinline unsigned long long mul64(unsigned long long a, unsigned long long b)
{
	return a * b;
}

#ifdef __SIZEOF_INT128__
/* x86_64: returned in rax:rdx */
noinline unsigned __int128 ret128(uint64_t hi, uint64_t lo)
{
	return ((unsigned __int128)hi << 64 | lo) * 3;
}
#endif

/* x86_64: x87 st(0), and st(0)/st(1) for the complex one; else double */
noinline long double retld(long double x)
{
	return x / 7;
}

noinline long double complex retcld(long double r, long double i)
{
	return r / 3 + i / 9 * I;
}

noinline double complex retcd(double r, double i)
{
	return r * 2 - i * 4 * I;
}

noinline float complex retcf(float r, float i)
{
	return r + 0.5f + (i - 0.25f) * I;
}

/* more than any arch's argument registers, integer and float mixed */
noinline double many(double a, double b, double c, double d, double e,
		     double f, double g, double h, double i, double j,
		     double k, double l, int m, int n, int o, int p, int q,
		     int r, int s, struct pair t, long long u, float v)
{
	return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h +
	       9 * i + 10 * j + 11 * k + 12 * l + 13 * m + 14 * n + 15 * o +
	       16 * p + 17 * q + 18 * r + 19 * s + 20 * t.a + 21 * t.b +
	       22 * u + 23 * v;
}

/* varargs with more floats than registers (x86_64: %al counts them) */
noinline double sum_vd(int n, ...)
{
	va_list ap;
	double s = 0;
	int i;

	va_start(ap, n);
	for (i = 0; i < n; i++)
		s += va_arg(ap, double) * (i + 1);
	va_end(ap);
	return s;
}

/*
 * A GNU C nested function reaches its parent's locals through the static
 * chain register (x86_64 r10, MIPS t7, ARM ip), live at its mcount call.
 * Called directly, so no trampoline (and no executable stack) is needed.
 */
noinline int nested(int k)
{
	int base = k * 3;
	noinline int add_base(int x)
	{
		return x + base;
	}

	return add_base(5) * 100 + add_base(7);
}

/*
 * The floating-point unit's sticky exception flags: the tracer does float
 * arithmetic of its own, which must not show up in the program's flags.
 * Each arch reads them in arch/<arch>/tests/fp_flags.h (<fenv.h> would
 * need libm).
 */
#if __has_include("fp_flags.h")
#include "fp_flags.h"
#else
#error "arch/<arch>/tests/fp_flags.h: missing (fp_flags(), fp_flags_clear())"
#endif

/* integer work only: it raises no floating-point flag itself */
noinline int no_float(int x)
{
	return x * 3 + 1;
}

/* errno set before a traced call, read after it */
noinline int keep_errno(int x)
{
	return x + 1;
}

/*
 * a thread's first traced call is where the tracer does the most (not
 * traced itself: no -pg site, no patchable entry)
 */
__attribute__((no_instrument_function, patchable_function_entry(0, 0)))
static void *errno_thread(void *arg)
{
	int r;

	errno = EDOM;
	r = keep_errno(1);
	*(int *)arg = errno == EDOM && r == 2;
	return NULL;
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

	struct three t = retthree(40);
	struct fi f = retfi(1.25f, 7);
	struct hfa3 h3 = hfa3((struct hfa3){ 1.5f, 2.5f, 3.5f }, 2);
	struct hfa4 h4 = hfa4((struct hfa4){ 1, 2, 3, 4 },
			      (struct hfa4){ 0.5, 0.25, 0.125, 0.0625 });
	printf("three %d %d %d\n", t.a, t.b, t.c);
	printf("fi %.9g %d\n", f.f, f.i);
	printf("hfa3 %.9g %.9g %.9g\n", h3.x, h3.y, h3.z);
	printf("hfa4 %.17g %.17g %.17g %.17g\n", h4.x, h4.y, h4.z, h4.w);
	printf("neg64 %lld\n", (long long)neg64(0x123456789LL, -3));
	printf("mul64 %llx\n", mul64(0xfedcba987ULL, 0x10001ULL));
#ifdef __SIZEOF_INT128__
	unsigned __int128 w = ret128(0x0123456789abcdefULL,
				     0xfedcba9876543210ULL);
	printf("ret128 %016llx%016llx\n", (unsigned long long)(w >> 64),
	       (unsigned long long)w);
#endif
	printf("retld %.21Lg\n", retld(10.0L));
	long double complex cld = retcld(1.0L, 2.0L);
	printf("retcld %.21Lg %.21Lg\n", creall(cld), cimagl(cld));
	double complex cd = retcd(1.5, 2.5);
	printf("retcd %.17g %.17g\n", creal(cd), cimag(cd));
	float complex cf = retcf(1.5f, 2.5f);
	printf("retcf %.9g %.9g\n", crealf(cf), cimagf(cf));
	printf("many %.17g\n", many(1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5,
				      9.5, 10.5, 11.5, 12.5, 13, 14, 15, 16,
				      17, 18, 19, (struct pair){ 20, 21 },
				      1LL << 33, 23.5f));
	printf("vd %.17g\n", sum_vd(11, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0,
				      8.0, 9.0, 10.0, 11.0));
	printf("nested %d\n", nested(4));

	pthread_t th;
	int ok = 0, i;

	/* many calls: the tracer's clock calibrates itself as it goes */
	fp_flags_clear();
	for (r = 0, i = 0; i < 3000; i++)
		r = no_float(r & 0xffff);
	printf("fp flags after no_float %d: %#x\n", r, fp_flags());

	errno = ERANGE;
	r = keep_errno(41);
	printf("keep_errno %d %s\n", r, errno == ERANGE ? "kept" : "LOST");
	if (pthread_create(&th, NULL, errno_thread, &ok) ||
	    pthread_join(th, NULL))
		ok = 0;
	printf("errno in a new thread %s\n", ok ? "kept" : "LOST");
	return 7;
}
