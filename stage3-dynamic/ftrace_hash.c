// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of functions (struct ftrace_hash, linux/ftrace.h): a sorted array
 * of rec->ip.  ftrace_global_hash is what the files set_ftrace_filter and
 * set_ftrace_notrace hold (dyn_filter.c writes them), and what every ops
 * with FTRACE_OPS_FL_GLOBAL follows (dyn_ftrace.c reads them).
 */
#include "ftrace_internal.h"
#include <linux/event_path.h>

struct ftrace_ops_hash ftrace_global_hash;

__event_path int ftrace_hash_lookup(const struct ftrace_hash *hash,
				    unsigned long ip)
{
	size_t lo = 0, hi = hash->count;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (hash->ips[mid] == ip)
			return 1;
		if (hash->ips[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}
