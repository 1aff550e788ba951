/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64's vector checks for tests/progs/abi_vec.c: 256- and 512-bit
 * arguments in ymm0-7 / zmm0-7 and returns in ymm0 / zmm0.  (128-bit
 * xmm values are abi.c's.)  The code is compiled for AVX2 / AVX-512F by
 * target attributes and only run when this CPU has them.
 */
#include <immintrin.h>

#define avx2		__attribute__((target("avx2")))
#define avx512		__attribute__((target("avx512f")))

/* the sum of lane i * (i + 1): every lane counts, upper halves included */
avx2 static double weigh256(__m256d v)
{
	double l[4];
	int i;
	double s = 0;

	_mm256_storeu_pd(l, v);
	for (i = 0; i < 4; i++)
		s += l[i] * (i + 1);
	return s;
}

avx512 static double weigh512(__m512d v)
{
	double l[8];
	int i;
	double s = 0;

	_mm512_storeu_pd(l, v);
	for (i = 0; i < 8; i++)
		s += l[i] * (i + 1);
	return s;
}

/* eight vector arguments: ymm0-ymm7 all carry a value */
noinline avx2 double args256(__m256d a, __m256d b, __m256d c, __m256d d,
			     __m256d e, __m256d f, __m256d g, __m256 h)
{
	__m256d hd = _mm256_cvtps_pd(_mm256_extractf128_ps(h, 1));

	return weigh256(a) + 2 * weigh256(b) + 3 * weigh256(c) +
	       4 * weigh256(d) + 5 * weigh256(e) + 6 * weigh256(f) +
	       7 * weigh256(g) + 8 * weigh256(hd);
}

noinline avx2 __m256d ret256(double x)
{
	return _mm256_set_pd(x + 3, x + 2, x + 1, x);
}

noinline avx512 double args512(__m512d a, __m512d b, __m512d c, __m512d d,
			       __m512d e, __m512d f, __m512d g, __m512d h)
{
	return weigh512(a) + 2 * weigh512(b) + 3 * weigh512(c) +
	       4 * weigh512(d) + 5 * weigh512(e) + 6 * weigh512(f) +
	       7 * weigh512(g) + 8 * weigh512(h);
}

noinline avx512 __m512d ret512(double x)
{
	return _mm512_set_pd(x + 7, x + 6, x + 5, x + 4, x + 3, x + 2, x + 1,
			     x);
}

#define V4(k)	_mm256_set_pd(k * 10 + 3, k * 10 + 2, k * 10 + 1, k * 10)
#define V8(k)	_mm512_set_pd(k * 10 + 7, k * 10 + 6, k * 10 + 5, \
			      k * 10 + 4, k * 10 + 3, k * 10 + 2, \
			      k * 10 + 1, k * 10)

untraced avx2 static void args256_check(const char *when)
{
	/* h is floats: its upper 128 bits hold lanes 4-7 of 8 */
	__m256 h = _mm256_set_ps(83, 82, 81, 80, -1, -1, -1, -1);

	check("args256", when, args256(V4(1), V4(2), V4(3), V4(4), V4(5),
				       V4(6), V4(7), h), want_args(8, 4));
}

untraced avx2 static void ret256_check(const char *when)
{
	check("ret256", when, weigh256(ret256(1.5)), want_ret(1.5, 4));
}

untraced avx512 static void args512_check(const char *when)
{
	check("args512", when, args512(V8(1), V8(2), V8(3), V8(4), V8(5),
				       V8(6), V8(7), V8(8)), want_args(8, 8));
}

untraced avx512 static void ret512_check(const char *when)
{
	check("ret512", when, weigh512(ret512(2.5)), want_ret(2.5, 8));
}

untraced static int has_avx2(void)
{
	return __builtin_cpu_supports("avx2");
}

untraced static int has_avx512f(void)
{
	return __builtin_cpu_supports("avx512f");
}

static const struct vec_check vec_checks[] = {
	{ args256_check, has_avx2, "AVX2" },
	{ ret256_check, has_avx2, "AVX2" },
	{ args512_check, has_avx512f, "AVX-512F" },
	{ ret512_check, has_avx512f, "AVX-512F" },
	{ NULL }
};
