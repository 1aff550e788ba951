/* SPDX-License-Identifier: GPL-2.0 */
/* What the files of stage3-dynamic/ share (chapter 4). */
#ifndef _FTRACE_INTERNAL_H
#define _FTRACE_INTERNAL_H

#include <linux/ftrace.h>

/* dyn_ftrace.c: the records, sorted by rec->ip */
extern struct dyn_ftrace *ftrace_records;
extern unsigned long ftrace_nr_records;
extern unsigned long long ftrace_update_time_ns;	/* start-up conversion */
extern unsigned long ftrace_init_written;	/* sites it wrote */
/* The start-up conversion, once (also before a tracer is registered). */
void ftrace_dyn_init(void);
/* The record of the function holding ip (last rec->ip <= ip), or NULL. */
struct dyn_ftrace *ftrace_lookup_ip(unsigned long ip);
/* The record of the site holding ip (a selfpc), or NULL: not recorded. */
struct dyn_ftrace *ftrace_location(unsigned long ip);
/* qsort()'s order of addresses (unsigned long) */
int ftrace_ip_cmp(const void *a, const void *b);
/* How many of the ops on list want rec (the kernel's ref count). */
unsigned long ftrace_rec_refs(struct ftrace_ops *list,
			      const struct dyn_ftrace *rec);

/* ftrace_hash.c: the global filter files' hashes, and lookups */
extern struct ftrace_ops_hash ftrace_global_hash;
int ftrace_hash_lookup(const struct ftrace_hash *hash, unsigned long ip);
/* a filter that selects nothing (never freed) */
extern struct ftrace_hash ftrace_hash_nothing;
/*
 * A hash that no longer hangs from its slot: freed once no reader
 * (ftrace_ops_test(), an RCU reader) can hold it.
 */
void ftrace_hash_retire(struct ftrace_hash *hash);

/* dyn_filter.c: the name of rec's function, cached; never NULL. */
const char *ftrace_rec_name(const struct dyn_ftrace *rec);
/* dyn_filter.c: the records changed, name them afresh */
void ftrace_names_reset(void);

/* dyn_ftrace.c: what becomes of a function whose site has no record */
const char *ftrace_unrecorded_fate(void);

/* dyn_ftrace.c, for ftraced.c: records for sites found at run time */
long ftrace_add_records(const unsigned long *ips, unsigned long n,
			unsigned long rec_flags);

/* dyn_ftrace.c, for module.c (ftrace_lock held) */
struct module;
long ftrace_module_records(struct module *mod, const unsigned long *ips,
			   unsigned long n);
void ftrace_release_records(unsigned long start, unsigned long end);
int ftrace_merge_records(const struct dyn_ftrace *fresh, unsigned long n);
/* dyn_filter.c: the :mod: words kept for a library apply (it loaded) */
void ftrace_filter_module_load(struct module *mod);
/* module_text.c: a loaded library joins and leaves (1: it was there) */
void module_text_add(struct module *mod);
int module_text_del(struct module *mod);

/* syscall_unwind.c: the unwind table of an object's system-call slots */
void syscall_unwind_add(unsigned long xol, unsigned long nr,
			const unsigned long *ips);
void syscall_unwind_flush(void);

#endif
