// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler's tables as trace_stat/function<N> shows them, in
 * the kernel's layout (function_stat_headers(), function_stat_show()).
 *
 * s^2 is worked out in double: this file is only ever run when a table is
 * read, so it is built with floating point (CFLAGS_REMOVE in extras/Kbuild),
 * unlike the rest of the runtime, whose event path keeps off the
 * floating-point registers (linux/event_path.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/kallsyms.h>
#include <linux/trace_clock.h>
#include "ftrace_profile.h"

/*
 * A duration as the graph tracer prints it: microseconds, at most 7 digits
 * in all, then " us " and blanks up to 8 characters of number.
 */
static void profile_print_duration(FILE *f, uint64_t ns)
{
	char num[32];
	int len = snprintf(num, sizeof(num), "%llu",
			   (unsigned long long)(ns / 1000));

	if (len < 7) {
		char frac[8];

		snprintf(frac, sizeof(frac), "%03llu",
			 (unsigned long long)(ns % 1000));
		frac[7 - len < 3 ? 7 - len : 3] = 0;
		len += snprintf(num + len, sizeof(num) - len, ".%s", frac);
	}
	fprintf(f, "%s us %*s", num, len < 8 ? 8 - len : 0, "");
}

static int profile_cmp(const void *a, const void *b)
{
	const struct ftrace_profile *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? 1 : -1;
	if (x->counter != y->counter)
		return x->counter < y->counter ? 1 : -1;
	return 0;
}

/* s^2 = (n * sum(x^2) - sum(x)^2) / (n * (n - 1)), x in ns; shown / 1000 */
static uint64_t profile_variance(const struct ftrace_profile *r,
				 uint64_t time)
{
	double scale = r->time ? (double)time / (double)r->time : 0;
	double sum = (double)time, sq, v;

	if (r->counter < 2)
		return 0;
	sq = ((double)r->time_sq_hi * 18446744073709551616.0 +
	      (double)r->time_sq_lo) * scale * scale;
	v = ((double)r->counter * sq - sum * sum) /
	    ((double)r->counter * (r->counter - 1));
	return v > 0 ? (uint64_t)(v / 1000) : 0;
}

int ftrace_profile_print(FILE *f, struct ftrace_profile *recs,
			 unsigned long n)
{
	unsigned long i;

	fprintf(f, "  Function                               "
		"Hit    Time            Avg             s^2\n"
		"  --------                               "
		"---    ----            ---             ---\n");
	qsort(recs, n, sizeof(*recs), profile_cmp);
	trace_clock_calibrate();
	for (i = 0; i < n; i++) {
		const struct ftrace_profile *r = &recs[i];
		uint64_t time = trace_clock_delta_ns(r->time);
		char name[KSYM_NAME_LEN];

		fprintf(f, "  %-30.30s  %10lu    ",
			ksym_name(r->ip, name, sizeof(name)), r->counter);
		profile_print_duration(f, time);
		fprintf(f, "    ");
		profile_print_duration(f, time / r->counter);
		fprintf(f, "    ");
		profile_print_duration(f, profile_variance(r, time));
		fprintf(f, "\n");
	}
	return 0;
}
