// SPDX-License-Identifier: GPL-2.0
/*
 * Function filters, as the set_*_function / set_ftrace_filter files take
 * them: words separated by blanks or commas, each a glob naming functions,
 * "!glob" removing functions again.  Writing replaces the whole filter;
 * writing nothing clears it.
 *
 * The globs are resolved against the symbol table once, when the filter is
 * written, into sorted address ranges; the tracer then only does a binary
 * search on each call.  A filter rewritten is freed once no thread can be
 * reading it (an RCU reader: linux/rcupdate.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/event_path.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/rcupdate.h>
#include <linux/tracefs.h>
#include "trace_filter.h"

struct filter_build {
	const char	*glob;
	int		remove;
	unsigned long	matched;
	struct ftrace_range *r;
	size_t		nr, max;
};

static int add_range(struct filter_build *fb, unsigned long start,
		     unsigned long end)
{
	if (fb->nr == fb->max) {
		size_t n = fb->max ? fb->max * 2 : 64;
		struct ftrace_range *r = realloc(fb->r, n * sizeof(*r));

		if (!r)
			return -ENOMEM;
		fb->r = r;
		fb->max = n;
	}
	fb->r[fb->nr].start = start;
	fb->r[fb->nr].end = end;
	fb->nr++;
	return 0;
}

static int match_one(const char *name, unsigned long addr, unsigned long size,
		     void *data)
{
	struct filter_build *fb = data;
	size_t i;

	if (!ftrace_glob_match(fb->glob, name))
		return 0;
	fb->matched++;
	if (!fb->remove)
		return add_range(fb, addr, addr + (size ? size : 1));
	i = 0;
	while (i < fb->nr) {		/* drop it; order does not matter yet */
		if (fb->r[i].start == addr)
			fb->r[i] = fb->r[--fb->nr];
		else
			i++;
	}
	return 0;
}

static int range_cmp(const void *a, const void *b)
{
	const struct ftrace_range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static void filter_set_free(void *p)
{
	struct ftrace_filter_set *set = p;

	free(set->ranges);
	free(set->text);
	free(set);
}

/* set replaces what filter had, freed when no reader can hold it */
static void filter_publish(struct ftrace_filter *filter,
			   struct ftrace_filter_set *set)
{
	struct ftrace_filter_set *old;

	old = __atomic_exchange_n(&filter->set, set, __ATOMIC_ACQ_REL);
	rcu_free(old, filter_set_free);
}

int ftrace_filter_write(struct ftrace_filter *filter, const char *file,
			const char *val)
{
	struct filter_build fb = { 0 };
	struct ftrace_filter_set *set;
	char word[256];
	const char *p = val;
	int ret;

	while ((ret = tracefs_next_word(&p, word, sizeof(word))) != 0) {
		if (ret < 0) {
			tracefs_error("%s: pattern too long", file);
			ret = -EINVAL;
			goto err;
		}
		fb.remove = word[0] == '!';
		fb.glob = word + fb.remove;
		if (ftrace_glob_check(fb.glob)) {
			tracefs_error("%s: bad glob '%s'", file, word);
			ret = -EINVAL;
			goto err;
		}
		fb.matched = 0;
		ret = ksym_for_each(match_one, &fb);
		if (ret) {
			tracefs_error("%s: out of memory", file);
			goto err;
		}
		if (!fb.matched && !fb.remove) {
			tracefs_error("%s: '%s' matches no function", file,
				      word);
			ret = -EINVAL;
			goto err;
		}
	}
	if (!fb.nr) {
		/* an empty set (nothing, or only removals): no filter */
		free(fb.r);
		filter_publish(filter, NULL);
		return 0;
	}
	set = malloc(sizeof(*set));
	if (!set) {
		ret = -ENOMEM;
		goto err;
	}
	qsort(fb.r, fb.nr, sizeof(*fb.r), range_cmp);
	set->ranges = fb.r;
	set->nr = fb.nr;
	set->text = strdup(val);
	filter_publish(filter, set);
	return 0;
err:
	free(fb.r);
	return ret;
}

int ftrace_filter_read(struct ftrace_filter *filter, char *buf, size_t len)
{
	struct ftrace_filter_set *set;

	rcu_read_lock();
	set = __atomic_load_n(&filter->set, __ATOMIC_ACQUIRE);
	snprintf(buf, len, "%s\n", set && set->text ? set->text : "");
	rcu_read_unlock();
	return 0;
}

__event_path int ftrace_filter_match(const struct ftrace_filter_set *set,
				     unsigned long ip)
{
	size_t lo = 0, hi = set->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (ip < set->ranges[mid].start)
			hi = mid;
		else if (ip >= set->ranges[mid].end)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}
