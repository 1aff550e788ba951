/* SPDX-License-Identifier: GPL-2.0 */
/*
 * aarch64's vector checks for tests/progs/abi_vec.c: AAPCS64 passes
 * 128-bit vectors in v0-v7 and returns one in v0, and a homogeneous
 * aggregate of up to four vectors in v0-v3: the values mcount and
 * return_to_handler must leave alone (the runtime is built
 * -mgeneral-regs-only; the C library's string functions use the v
 * registers).
 *
 * With SVE (when the CPU has it: qemu-aarch64's default CPU does, with
 * 512-bit vectors), the scalable types: eight arguments in z0-z7, a
 * result in z0, four predicate arguments in p0-p3 and a predicate
 * result in p0, every lane counted.  Such a function's prologue moves sp
 * by a multiple of the vector length ("addvl sp, sp, #-N"), which the
 * graph tracer reads back (arch/aarch64/prologue.c).
 */
#include <arm_neon.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/wait.h>
#include <unistd.h>

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

#pragma GCC push_options
#pragma GCC target("+sve")
#include <arm_sve.h>

/* the sum of lane i * (i + 1), over every lane the CPU has */
untraced static double weigh_sve(svfloat64_t v)
{
	double l[256 / 8];	/* SVE vectors are at most 2048 bits */
	double s = 0;
	int i;

	svst1_f64(svptrue_b64(), l, v);
	for (i = 0; i < (int)svcntd(); i++)
		s += l[i] * (i + 1);
	return s;
}

noinline double args_sve(svfloat64_t a, svfloat64_t b, svfloat64_t c,
			 svfloat64_t d, svfloat64_t e, svfloat64_t f,
			 svfloat64_t g, svfloat64_t h)
{
	return weigh_sve(a) + 2 * weigh_sve(b) + 3 * weigh_sve(c) +
	       4 * weigh_sve(d) + 5 * weigh_sve(e) + 6 * weigh_sve(f) +
	       7 * weigh_sve(g) + 8 * weigh_sve(h);
}

/* lane i = x + i */
untraced static svfloat64_t ramp(double x)
{
	svfloat64_t i = svcvt_f64_u64_x(svptrue_b64(), svindex_u64(0, 1));

	return svadd_n_f64_x(svptrue_b64(), i, x);
}

noinline svfloat64_t ret_sve(double x)
{
	return ramp(x);
}

/* lane i of argument k (1-based): k * 10 + i */
untraced static svfloat64_t vz(int k)
{
	return svcvt_f64_u64_x(svptrue_b64(), svindex_u64(k * 10, 1));
}

untraced static void args_sve_check(const char *when)
{
	check("args_sve", when, args_sve(vz(1), vz(2), vz(3), vz(4), vz(5),
					 vz(6), vz(7), vz(8)),
	      want_args(8, svcntd()));
}

untraced static void ret_sve_check(const char *when)
{
	check("ret_sve", when, weigh_sve(ret_sve(1.5)),
	      want_ret(1.5, svcntd()));
}

/*
 * A result that a child of fork() inside the function gets back as its
 * first event (its buffer is claimed on the way out, in z0's presence)
 */
noinline svfloat64_t ret_sve_fork(double x, pid_t *pid)
{
	if (pid)
		*pid = fork();
	return ramp(x);
}

/*
 * The child's value is what counts: its exit status says if it was
 * right.  In a thread (abi_vec.c forks only before the first one is
 * made) the function returns without forking.
 */
untraced static void ret_sve_fork_check(const char *when)
{
	double want = want_ret(1.5, svcntd()), got;
	int forks = !strcmp(when, "main") || !strcmp(when, "child");
	pid_t pid = 1;
	int st;

	got = weigh_sve(ret_sve_fork(1.5, forks ? &pid : NULL));
	if (!forks) {
		check("ret_sve_fork", when, got, want);
		return;
	}
	if (!pid)
		_exit(got != want);
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st))
		got = -1;
	check("ret_sve_fork", when, got, want);
}

/*
 * Predicates: the active lanes of p0-p3 (lanes 0..k-1 of 64-bit
 * elements), weighed 1 to 4, and one returned in p0.
 */
noinline double args_pred(svbool_t a, svbool_t b, svbool_t c, svbool_t d)
{
	return svcntp_b64(svptrue_b64(), a) +
	       2 * svcntp_b64(svptrue_b64(), b) +
	       3 * svcntp_b64(svptrue_b64(), c) +
	       4 * svcntp_b64(svptrue_b64(), d);
}

noinline svbool_t ret_pred(int k)
{
	return svwhilelt_b64_s32(0, k);
}

untraced static void args_pred_check(const char *when)
{
	int n = svcntd();

	check("args_pred", when,
	      args_pred(svwhilelt_b64_s32(0, n), svwhilelt_b64_s32(0, n - 1),
			svwhilelt_b64_s32(0, 1), svwhilelt_b64_s32(0, 2)),
	      n + 2 * (n - 1) + 3 + 8);
}

untraced static void ret_pred_check(const char *when)
{
	int n = svcntd();

	check("ret_pred", when, svcntp_b64(svptrue_b64(), ret_pred(n - 1)),
	      n - 1);
}
#pragma GCC pop_options

untraced static int has_sve(void)
{
	return !!(getauxval(AT_HWCAP) & HWCAP_SVE);
}

static const struct vec_check vec_checks[] = {
	{ args128_check },
	{ ret128_check },
	{ ret_hva4_check },
	{ args_sve_check, has_sve, "SVE" },
	{ ret_sve_check, has_sve, "SVE" },
	{ ret_sve_fork_check, has_sve, "SVE" },
	{ args_pred_check, has_sve, "SVE" },
	{ ret_pred_check, has_sve, "SVE" },
	{ NULL }
};
