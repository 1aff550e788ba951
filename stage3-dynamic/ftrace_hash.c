// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of functions (struct ftrace_hash, linux/ftrace.h): a sorted array
 * of rec->ip.  ftrace_global_hash is what the files set_ftrace_filter and
 * set_ftrace_notrace hold (dyn_filter.c writes them), and what every ops
 * with FTRACE_OPS_FL_GLOBAL follows (dyn_ftrace.c reads them).
 */
#include <stdlib.h>
#include "ftrace_internal.h"
#include <linux/event_path.h>
#include <linux/rcupdate.h>

struct ftrace_ops_hash ftrace_global_hash;

/*
 * A filter that selects nothing (a :mod: word for a library not loaded
 * yet): one ip 0, which no function has.
 */
static unsigned long ip_none;
struct ftrace_hash ftrace_hash_nothing = { 1, &ip_none };

static void hash_free(void *p)
{
	struct ftrace_hash *hash = p;

	free(hash->ips);
	free(hash);
}

void ftrace_hash_retire(struct ftrace_hash *hash)
{
	if (hash && hash != &ftrace_hash_nothing)
		rcu_free(hash, hash_free);
}

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
