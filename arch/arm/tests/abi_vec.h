/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM's vector checks for tests/progs/abi_vec.c: with NEON, the
 * hard-float AAPCS passes 128-bit vectors in q0-q3, returns one in q0,
 * and a homogeneous aggregate of up to four vectors in q0-q3: the values
 * mcount and return_to_handler must leave alone (the runtime keeps off
 * the VFP/NEON registers; the C library's string functions do not).
 * Debian armhf's baseline FPU is VFPv3-D16, without NEON: these functions
 * are built for NEON, which qemu-arm's CPU has.
 */
#pragma GCC target("fpu=neon")
#include <arm_neon.h>

/* lane i counts i + 1 times */
static double weigh(float32x4_t v)
{
	return vgetq_lane_f32(v, 0) + 2.0 * vgetq_lane_f32(v, 1) +
	       3.0 * vgetq_lane_f32(v, 2) + 4.0 * vgetq_lane_f32(v, 3);
}

/* four vector arguments: q0-q3 all carry a value */
noinline double args128(float32x4_t a, float32x4_t b, float32x4_t c,
			float32x4_t d)
{
	return weigh(a) + 2 * weigh(b) + 3 * weigh(c) + 4 * weigh(d);
}

noinline float32x4_t ret128(float x)
{
	return (float32x4_t){ x, x + 1, x + 2, x + 3 };
}

/* returned in q0-q3 */
struct hva4 {
	float32x4_t v[4];
};

noinline struct hva4 ret_hva4(float x)
{
	struct hva4 r;
	int i;

	for (i = 0; i < 4; i++)
		r.v[i] = (float32x4_t){ x + 4 * i, x + 4 * i + 1,
					x + 4 * i + 2, x + 4 * i + 3 };
	return r;
}

#define V4(k)	((float32x4_t){ k * 10, k * 10 + 1, k * 10 + 2, k * 10 + 3 })

untraced static void args128_check(const char *when)
{
	check("args128", when, args128(V4(1), V4(2), V4(3), V4(4)),
	      want_args(4, 4));
}

untraced static void ret128_check(const char *when)
{
	check("ret128", when, weigh(ret128(1.5f)), want_ret(1.5, 4));
}

/* the four vectors as one vector of sixteen lanes: lane i = x + i */
untraced static void ret_hva4_check(const char *when)
{
	struct hva4 r = ret_hva4(2.5f);
	float l[16];
	double s = 0;
	int i;

	for (i = 0; i < 4; i++)
		vst1q_f32(l + 4 * i, r.v[i]);
	for (i = 0; i < 16; i++)
		s += l[i] * (i + 1);
	check("ret_hva4", when, s, want_ret(2.5, 16));
}

static const struct vec_check vec_checks[] = {
	{ args128_check },
	{ ret128_check },
	{ ret_hva4_check },
	{ NULL }
};
