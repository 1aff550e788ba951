/* SPDX-License-Identifier: GPL-2.0 */
/* What the files of stage3-dynamic/ share (chapter 4). */
#ifndef _FTRACE_INTERNAL_H
#define _FTRACE_INTERNAL_H

#include <pthread.h>
#include <linux/ftrace.h>

/* stage1-static/ftrace.c: the ops list and the lock that guards it */
extern pthread_mutex_t ftrace_lock;
extern struct ftrace_ops *ftrace_ops_list;

/* dyn_ftrace.c: the records, sorted by rec->ip */
extern struct dyn_ftrace *ftrace_records;
extern unsigned long ftrace_nr_records;
extern int ftrace_disabled;
extern unsigned long long ftrace_update_time_ns;	/* start-up conversion */
void ftrace_dyn_init(void);
/* The record of the function holding ip (last rec->ip <= ip), or NULL. */
struct dyn_ftrace *ftrace_lookup_ip(unsigned long ip);
/* The record of the site holding ip (a selfpc), or NULL: not recorded. */
struct dyn_ftrace *ftrace_location(unsigned long ip);
/* ops has a filter in force (an ip no record holds does not pass it) */
int ftrace_ops_filtered(struct ftrace_ops *ops);
/*
 * MCOUNT_ADDR is ftrace_caller: a site recordmcount never saw reaches the
 * tracers, which must then test its ip against their filters.
 */
int ftrace_unrecorded_sites_traced(void);
/* How many registered ops want rec (the kernel's ref count). */
unsigned long ftrace_rec_refs(const struct dyn_ftrace *rec);

/* dyn_filter.c */
extern struct ftrace_ops_hash ftrace_global_hash;
int ftrace_hash_lookup(const struct ftrace_hash *hash, unsigned long ip);
/* The name of rec's function, cached; never NULL. */
const char *ftrace_rec_name(const struct dyn_ftrace *rec);

#endif
