/* SPDX-License-Identifier: GPL-2.0 */
/*
 * aarch64's vector checks for tests/progs/abi_vec.c: AAPCS64 passes
 * 128-bit vectors in v0-v7 and returns one in v0, and a homogeneous
 * aggregate of up to four vectors in v0-v3: the values mcount and
 * return_to_handler must leave alone (the runtime is built
 * -mgeneral-regs-only; the C library's string functions use the v
 * registers).
 */
#include <arm_neon.h>

/* lane i counts i + 1 times */
static double weigh(float64x2_t v)
{
	return vgetq_lane_f64(v, 0) + 2 * vgetq_lane_f64(v, 1);
}

/* eight vector arguments: v0-v7 all carry a value */
noinline double args128(float64x2_t a, float64x2_t b, float64x2_t c,
			float64x2_t d, float64x2_t e, float64x2_t f,
			float64x2_t g, float64x2_t h)
{
	return weigh(a) + 2 * weigh(b) + 3 * weigh(c) + 4 * weigh(d) +
	       5 * weigh(e) + 6 * weigh(f) + 7 * weigh(g) + 8 * weigh(h);
}

noinline float64x2_t ret128(double x)
{
	return (float64x2_t){ x, x + 1 };
}

/* returned in v0-v3 */
struct hva4 {
	float64x2_t v[4];
};

noinline struct hva4 ret_hva4(double x)
{
	return (struct hva4){ { { x, x + 1 }, { x + 2, x + 3 },
				{ x + 4, x + 5 }, { x + 6, x + 7 } } };
}

#define V2(k)	((float64x2_t){ k * 10, k * 10 + 1 })

untraced static void args128_check(const char *when)
{
	check("args128", when, args128(V2(1), V2(2), V2(3), V2(4), V2(5),
				       V2(6), V2(7), V2(8)), want_args(8, 2));
}

untraced static void ret128_check(const char *when)
{
	check("ret128", when, weigh(ret128(1.5)), want_ret(1.5, 2));
}

/* the four vectors as one vector of eight lanes: lane i = x + i */
untraced static void ret_hva4_check(const char *when)
{
	struct hva4 r = ret_hva4(2.5);
	double s = 0;
	int i;

	for (i = 0; i < 4; i++)
		s += (2 * i + 1) * vgetq_lane_f64(r.v[i], 0) +
		     (2 * i + 2) * vgetq_lane_f64(r.v[i], 1);
	check("ret_hva4", when, s, want_ret(2.5, 8));
}

static const struct vec_check vec_checks[] = {
	{ args128_check },
	{ ret128_check },
	{ ret_hva4_check },
	{ NULL }
};
