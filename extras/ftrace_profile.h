/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function profiler's tables (ftrace_profile.c), for the part that
 * times the calls: profile_function.c with entries alone, or
 * fgraph_profile.c with the graph tracer's return stack.
 */
#ifndef _FTRACE_PROFILE_H
#define _FTRACE_PROFILE_H

#include <stdint.h>
#include <stdio.h>

struct ftrace_profile {
	unsigned long	ip;		/* 0: free slot */
	unsigned long	counter;	/* hits */
	uint64_t	time;		/* clock units */
	uint64_t	time_sq_hi;	/* the sum of squared times, in */
	uint64_t	time_sq_lo;	/* clock units squared: 128 bits */
};

/* What the timing part keeps per thread, reset with the table. */
struct ftrace_profile_last {
	struct ftrace_profile *rec;	/* the last function entered */
	uint64_t	ts;		/* and when */
};

/*
 * The hot path: the record of ip in this thread's table (a hit counted if
 * hit), held until ftrace_profile_end().  NULL, and nothing held, when the
 * table is full (a miss is counted), ip is not in it (!hit), or a signal
 * handler interrupted an update of it.  ftrace_profile_last() is the
 * timing part's state in the same table, while it is held.
 */
struct ftrace_profile *ftrace_profile_begin(unsigned long ip, int hit);
struct ftrace_profile_last *ftrace_profile_last(void);
void ftrace_profile_add_time(struct ftrace_profile *rec, uint64_t d);
void ftrace_profile_end(void);

/*
 * Print the table of n records (sorted in place) as trace_stat shows it:
 * ftrace_profile_stat.c.
 */
int ftrace_profile_print(FILE *f, struct ftrace_profile *recs,
			 unsigned long n);

/* How calls are timed: the one timing part registers itself. */
struct ftrace_profiler {
	int	(*start)(void);
	int	(*stop)(void);	/* 0, or -errno: still on */
};
void ftrace_profile_set_timer(const struct ftrace_profiler *p);

#endif
