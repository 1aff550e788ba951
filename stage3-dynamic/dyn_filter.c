// SPDX-License-Identifier: GPL-2.0
/*
 * Which functions dynamic ftrace traces (chapter 4), as tracefs files:
 *
 *   set_ftrace_filter           only these (empty: all)
 *   set_ftrace_notrace          never these (wins over the filter)
 *   available_filter_functions  every recorded function, one a line
 *   available_filter_functions_addrs   the same with rec->ip first
 *   enabled_functions           the sites that are a call now, with the
 *                               number of ftrace_ops that want each
 *   dyn_ftrace_total_info       how many records, and the start-up time
 *
 * The filters take the globs of lib/glob.c, "!glob" removes, and the
 * kernel's module form "glob:mod:lib": glob among the functions of the
 * shared library lib only (itself a glob; a library's name is its file
 * name up to ".so": libz.so.1 is "libz"), and the lists show a library's
 * functions as the kernel shows a module's, "inflate [libz]".  A :mod:
 * word whose library is not loaded is kept, as the kernel keeps it for a
 * module not loaded yet, and applied each time the library loads
 * (dlopen()); rewriting the file forgets it.
 * tracefs_write() replaces the set ("echo > file"); tracefs_append() adds
 * to it ("echo >> file").  A word that matches no function is an error
 * and changes nothing.  They are ftrace_global_hash (ftrace_hash.c), which
 * the ftrace_ops with FTRACE_OPS_FL_GLOBAL (the function tracer) follow.
 *
 * A hash is a sorted array of rec->ip.  One that was in use is freed once
 * no thread can be reading it in ftrace_ops_test() (ftrace_hash_retire()).
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fork_lock.h>
#include <linux/glob.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/rcupdate.h>
#include <linux/module.h>
#include <linux/tracefs.h>
#include "ftrace_internal.h"

/* ---- names ---------------------------------------------------------------- */

/*
 * The records' names, in their order, and which of them are copies of
 * our own (a hex fallback), for the filter files: looked up, written and
 * dropped under ftrace_lock only, so a reset may free them at once.
 */
static const char **rec_names;
static unsigned char *rec_names_copied;
static unsigned long rec_names_nr;
static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;

static int load_names(void)
{
	unsigned long i;
	const char **names;
	unsigned char *copied;

	pthread_mutex_lock(&names_lock);
	if (rec_names || !ftrace_nr_records)
		goto out;
	names = calloc(ftrace_nr_records, sizeof(*names));
	copied = calloc(ftrace_nr_records, 1);
	if (!names || !copied) {
		free(names);
		free(copied);
		pthread_mutex_unlock(&names_lock);
		return -ENOMEM;
	}
	for (i = 0; i < ftrace_nr_records; i++) {
		char buf[KSYM_NAME_LEN];
		const char *n = ksym_name(ftrace_records[i].ip, buf,
					  sizeof(buf));

		/* a hex fallback lives in buf: keep a copy */
		names[i] = n == buf ? strdup(buf) : n;
		copied[i] = n == buf && names[i];
		if (!names[i])
			names[i] = "?";
	}
	rec_names_copied = copied;
	rec_names_nr = ftrace_nr_records;
	__atomic_store_n(&rec_names, names, __ATOMIC_RELEASE);
out:
	pthread_mutex_unlock(&names_lock);
	return 0;
}

/*
 * The records changed (ftrace_lock held): the next name looked up loads
 * them all again.
 */
void ftrace_names_reset(void)
{
	unsigned long i;

	pthread_mutex_lock(&names_lock);
	for (i = 0; rec_names && i < rec_names_nr; i++)
		if (rec_names_copied[i])
			free((char *)rec_names[i]);
	free(rec_names);
	free(rec_names_copied);
	rec_names_copied = NULL;
	rec_names_nr = 0;
	__atomic_store_n(&rec_names, NULL, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&names_lock);
}

const char *ftrace_rec_name(const struct dyn_ftrace *rec)
{
	if (!rec_names && load_names())
		return "?";
	return rec_names[rec - ftrace_records];
}

/* ---- the filter files ------------------------------------------------------ */

static struct ftrace_hash *hash_from(const unsigned char *sel)
{
	struct ftrace_hash *hash;
	unsigned long i, n = 0;

	for (i = 0; i < ftrace_nr_records; i++)
		n += sel[i];
	if (!n)
		return NULL;
	hash = malloc(sizeof(*hash));
	if (!hash)
		return NULL;
	hash->ips = malloc(n * sizeof(*hash->ips));
	if (!hash->ips) {
		free(hash);
		return NULL;
	}
	hash->count = 0;
	for (i = 0; i < ftrace_nr_records; i++)
		if (sel[i])
			hash->ips[hash->count++] = ftrace_records[i].ip;
	return hash;
}

/* ---- :mod: ----------------------------------------------------------------- */

/* A :mod: word kept for a library that is not loaded (the kernel's
 * ftrace_mod_load list); ftrace_lock held for all of them. */
struct mod_filter {
	struct ftrace_hash	**slot;		/* the file's hash */
	char			glob[128], mod[128];
	int			remove;
	struct mod_filter	*next;
};
static struct mod_filter *mod_filters;

/* Does rec's function belong to a library whose name matches mod_glob? */
static int rec_in_mod(const struct dyn_ftrace *rec, const char *mod_glob)
{
	const struct module *mod = ftrace_module_of(rec->ip);

	return mod && ftrace_glob_match(mod_glob, mod->name);
}

/* "glob:mod:lib" -> glob and lib (NULL: no :mod: part). */
static const char *split_mod(char *word)
{
	char *m = strstr(word, ":mod:");

	if (!m)
		return NULL;
	*m = 0;
	return m + 5;
}

static int mod_filter_keep(struct ftrace_hash **slot, const char *glob,
			   const char *mod, int remove)
{
	struct mod_filter *f = calloc(1, sizeof(*f));

	if (!f)
		return -ENOMEM;
	f->slot = slot;
	f->remove = remove;
	snprintf(f->glob, sizeof(f->glob), "%s", *glob ? glob : "*");
	snprintf(f->mod, sizeof(f->mod), "%s", mod);
	f->next = mod_filters;
	mod_filters = f;
	return 0;
}

static int mod_filter_pending(struct ftrace_hash **slot)
{
	const struct mod_filter *f;

	for (f = mod_filters; f; f = f->next)
		if (f->slot == slot && !f->remove)
			return 1;
	return 0;
}

static void mod_filters_forget(struct ftrace_hash **slot)
{
	struct mod_filter **p = &mod_filters;

	while (*p) {
		struct mod_filter *f = *p;

		if (f->slot == slot) {
			*p = f->next;
			free(f);
		} else {
			p = &f->next;
		}
	}
}

/* Apply the words of val to the selection sel (one byte per record). */
static int filter_parse(const char *file, struct ftrace_hash **slot,
			const char *val, unsigned char *sel)
{
	char word[256];
	const char *p = val;
	int ret;

	while ((ret = tracefs_next_word(&p, word, sizeof(word))) != 0) {
		int remove = word[0] == '!';
		char *glob = word + remove;
		const char *mod = split_mod(glob);
		unsigned long i, matched = 0;

		if (ret < 0) {
			tracefs_error("%s: pattern too long", file);
			return -EINVAL;
		}
		if (ftrace_glob_check(*glob || !mod ? glob : "*") ||
		    (mod && (!*mod || ftrace_glob_check(mod)))) {
			tracefs_error("%s: bad glob '%s'", file, word);
			return -EINVAL;
		}
		for (i = 0; i < ftrace_nr_records; i++) {
			const struct dyn_ftrace *rec = &ftrace_records[i];

			if ((*glob || !mod) &&
			    !ftrace_glob_match(glob, ftrace_rec_name(rec)))
				continue;
			if (mod && !rec_in_mod(rec, mod))
				continue;
			sel[i] = !remove;
			matched++;
		}
		if (mod && slot) {
			/* also for the library's next load */
			ret = mod_filter_keep(slot, glob, mod, remove);
			if (ret)
				return ret;
			continue;
		}
		if (!matched) {
			tracefs_error("%s: '%s' matches no traceable function",
				      file, glob);
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * A library has loaded (module.c, ftrace_lock held): the :mod: words
 * kept for it select its functions now; the caller then updates the
 * code.
 */
void ftrace_filter_module_load(struct module *mod)
{
	struct mod_filter *f;
	unsigned long i;

	for (f = mod_filters; f; f = f->next) {
		struct ftrace_hash *old = *f->slot, *hash;
		unsigned char *sel;

		if (!ftrace_glob_match(f->mod, mod->name) || load_names())
			continue;
		sel = calloc(ftrace_nr_records + 1, 1);
		if (!sel)
			return;
		for (i = 0; i < ftrace_nr_records; i++) {
			const struct dyn_ftrace *rec = &ftrace_records[i];

			sel[i] = old && ftrace_hash_lookup(old, rec->ip);
			if (rec->ip >= mod->text_start &&
			    rec->ip < mod->text_end &&
			    ftrace_glob_match(f->glob, ftrace_rec_name(rec)))
				sel[i] = !f->remove;
		}
		hash = hash_from(sel);
		free(sel);
		/* a filter that selected something never turns into "all" */
		if (!hash && old)
			hash = &ftrace_hash_nothing;
		__atomic_store_n(f->slot, hash, __ATOMIC_RELEASE);
		ftrace_hash_retire(old);
	}
}

/*
 * The selection (one byte per record) of what *slot holds, or of nothing
 * (!append); NULL, with ftrace_lock released, when there is no memory.
 * ftrace_lock taken: the ftraced design adds records, counted under it.
 */
static unsigned char *filter_begin(struct ftrace_hash **slot, int append)
{
	unsigned char *sel;
	unsigned long i;

	ftrace_dyn_init();
	ftrace_lock();
	sel = load_names() ? NULL : calloc(ftrace_nr_records + 1, 1);
	if (!sel) {
		ftrace_unlock();
		return NULL;
	}
	if (append && *slot)
		for (i = 0; i < ftrace_nr_records; i++)
			sel[i] = ftrace_hash_lookup(*slot,
						    ftrace_records[i].ip);
	return sel;
}

/*
 * The selection becomes *slot's hash, and the code follows; ops, if the
 * slot is its own, must not then share a function with another ops it
 * excludes (ftrace_ops_conflicts(): -EBUSY).  On any error the slot is
 * as it was.  ftrace_lock released.
 */
static int filter_commit(struct ftrace_hash **slot, unsigned char *sel,
			 struct ftrace_ops *ops)
{
	struct ftrace_hash *old = *slot, *hash = hash_from(sel);
	int ret = 0;

	/*
	 * A :mod: word for a library not loaded yet selects nothing until it
	 * loads, not everything (the kernel's FTRACE_HASH_FL_MOD): one ip 0,
	 * which no function has.
	 */
	if (!hash && mod_filter_pending(slot))
		hash = &ftrace_hash_nothing;
	__atomic_store_n(slot, hash, __ATOMIC_RELEASE);
	if (ops && ftrace_ops_registered(ops) && ftrace_ops_conflicts(ops))
		ret = -EBUSY;
	if (!ret)
		ret = ftrace_update_locked();
	if (ret) {	/* the code did not change: nor does the filter */
		__atomic_store_n(slot, old, __ATOMIC_RELEASE);
		ftrace_hash_retire(hash);
	} else if (hash != old) {
		ftrace_hash_retire(old);
	}
	ftrace_unlock();
	free(sel);
	return ret;
}

static int filter_set(const char *file, struct ftrace_hash **slot,
		      const char *val, int append, struct ftrace_ops *ops)
{
	unsigned char *sel = filter_begin(slot, append);
	int ret;

	if (!sel)
		return -ENOMEM;
	if (!append)
		mod_filters_forget(slot);
	ret = filter_parse(file, slot, val, sel);
	if (ret) {
		ftrace_unlock();
		free(sel);
		return ret;
	}
	return filter_commit(slot, sel, ops);
}

/*
 * An ops' own filters (chapter 8's users: a direct ops, a redirect, an
 * ops on a few functions; the kernel's ftrace_set_filter(),
 * ftrace_set_notrace() and ftrace_set_filter_ip()), its func_hash made
 * on first use.  Globs as in set_ftrace_filter; reset: replace what the
 * filter held, else add to it.
 */
static struct ftrace_hash **ops_slot(struct ftrace_ops *ops, int exclude)
{
	if (!ops->func_hash) {
		ops->func_hash = calloc(1, sizeof(*ops->func_hash));
		if (!ops->func_hash)
			return NULL;
		ops->flags |= FTRACE_OPS_FL_KIT_HASH;
	}
	return exclude ? &ops->func_hash->notrace_hash :
			 &ops->func_hash->filter_hash;
}

static int ops_filter(struct ftrace_ops *ops, const char *buf, int len,
		      int reset, int exclude)
{
	struct ftrace_hash **slot = ops_slot(ops, exclude);
	char *val;
	int ret;

	if (!slot || !(val = strndup(buf, len)))
		return -ENOMEM;
	ret = filter_set(exclude ? "ftrace_set_notrace" : "ftrace_set_filter",
			 slot, val, !reset, ops);
	free(val);
	return ret;
}

int ftrace_set_filter(struct ftrace_ops *ops, const char *buf, int len,
		      int reset)
{
	return ops_filter(ops, buf, len, reset, 0);
}

int ftrace_set_notrace(struct ftrace_ops *ops, const char *buf, int len,
		       int reset)
{
	return ops_filter(ops, buf, len, reset, 1);
}

/*
 * The site of the function at ip: the first record at or after it, within
 * what a prologue before an mcount call takes (the site is the function's
 * first instruction at chapter 8, a word in on AArch64)
 */
#define SITE_AFTER_ENTRY	64

static struct dyn_ftrace *site_of_function(unsigned long ip)
{
	unsigned long lo = 0, hi = ftrace_nr_records;
	char a[KSYM_NAME_LEN], b[KSYM_NAME_LEN];

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (ftrace_records[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == ftrace_nr_records ||
	    ftrace_records[lo].ip - ip >= SITE_AFTER_ENTRY)
		return NULL;
	/* and in the same function: ip's own may have no site */
	if (strcmp(ksym_name(ip, a, sizeof(a)),
		   ksym_name(ftrace_records[lo].ip, b, sizeof(b))))
		return NULL;
	return &ftrace_records[lo];
}

/* an ops' filters gone (its unregistration done, or never registered) */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	struct ftrace_ops_hash *h = ops->func_hash;

	if (!h)
		return;
	ftrace_lock();
	ftrace_hash_retire(h->filter_hash);
	ftrace_hash_retire(h->notrace_hash);
	__atomic_store_n(&h->filter_hash, NULL, __ATOMIC_RELEASE);
	__atomic_store_n(&h->notrace_hash, NULL, __ATOMIC_RELEASE);
	if (ops->flags & FTRACE_OPS_FL_KIT_HASH) {
		ops->flags &= ~FTRACE_OPS_FL_KIT_HASH;
		ops->func_hash = NULL;
		rcu_free(h, free);
	}
	ftrace_unlock();
}

/* ip: a traced function's address, or its site's */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	struct ftrace_hash **slot = ops_slot(ops, 0);
	unsigned char *sel = slot ? filter_begin(slot, !reset) : NULL;
	struct dyn_ftrace *rec;

	if (!sel)
		return -ENOMEM;
	rec = ftrace_location(ip) ?: site_of_function(ip);
	if (!rec) {
		ftrace_unlock();
		free(sel);
		tracefs_error("ftrace_set_filter_ip: 0x%lx is no traced "
			      "function's entry", ip);
		return -ENOENT;
	}
	sel[rec - ftrace_records] = !remove;
	return filter_commit(slot, sel, ops);
}

static int set_ftrace_filter_write(const char *val)
{
	return filter_set("set_ftrace_filter",
			  &ftrace_global_hash.filter_hash, val, 0, NULL);
}

static int set_ftrace_filter_append(const char *val)
{
	return filter_set("set_ftrace_filter",
			  &ftrace_global_hash.filter_hash, val, 1, NULL);
}

static int set_ftrace_notrace_write(const char *val)
{
	return filter_set("set_ftrace_notrace",
			  &ftrace_global_hash.notrace_hash, val, 0, NULL);
}

static int set_ftrace_notrace_append(const char *val)
{
	return filter_set("set_ftrace_notrace",
			  &ftrace_global_hash.notrace_hash, val, 1, NULL);
}

/* ---- reading: the output may be long ---------------------------------------- */

struct seq {
	char	*buf;
	size_t	len, n;		/* n: what the whole text needs */
};

static void seq_printf(struct seq *s, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(s->n < s->len ? s->buf + s->n : NULL,
		      s->n < s->len ? s->len - s->n : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		s->n += k;
}

static int seq_end(struct seq *s, const char *file)
{
	if (s->n < s->len)
		return 0;
	tracefs_error("%s: %zu bytes do not fit in %zu", file, s->n + 1,
		      s->len);
	return -ENOSPC;
}

/* (the hash is read under ftrace_lock: no writer frees it meanwhile) */
static int hash_read(const char *file, struct ftrace_hash **slot,
		     const char *empty, char *buf, size_t len)
{
	struct seq s = { buf, len, 0 };
	struct ftrace_hash *hash;
	size_t i;

	buf[0] = 0;
	ftrace_lock();
	if (load_names()) {
		ftrace_unlock();
		return -ENOMEM;
	}
	hash = *slot;
	if (!hash || !hash->count)
		seq_printf(&s, "%s", empty);
	for (i = 0; hash && i < hash->count; i++) {
		const struct dyn_ftrace *rec = ftrace_location(hash->ips[i]);

		/* (a library's that has gone: module.c made it 0) */
		if (rec)
			seq_printf(&s, "%s\n", ftrace_rec_name(rec));
	}
	ftrace_unlock();
	return seq_end(&s, file);
}

static int set_ftrace_filter_read(char *buf, size_t len)
{
	return hash_read("set_ftrace_filter", &ftrace_global_hash.filter_hash,
			 "#### all functions enabled ####\n", buf, len);
}

static int set_ftrace_notrace_read(char *buf, size_t len)
{
	return hash_read("set_ftrace_notrace", &ftrace_global_hash.notrace_hash,
			 "", buf, len);
}

static int list_read(const char *file, int addrs, int enabled, char *buf,
		     size_t len)
{
	struct seq s = { buf, len, 0 };
	const struct module *mod;
	unsigned long i;

	buf[0] = 0;
	ftrace_dyn_init();
	ftrace_lock();
	if (load_names()) {
		ftrace_unlock();
		return -ENOMEM;
	}
	for (i = 0; i < ftrace_nr_records; i++) {
		struct dyn_ftrace *rec = &ftrace_records[i];

		if (enabled && !(rec->flags & FTRACE_FL_ENABLED))
			continue;
		if (addrs)
			seq_printf(&s, "%lx ", rec->ip);
		seq_printf(&s, "%s", ftrace_rec_name(rec));
		mod = ftrace_module_of(rec->ip);
		if (mod)
			seq_printf(&s, " [%s]", mod->name);
		if (enabled)
			seq_printf(&s, " (%lu)",
				   ftrace_rec_refs(ftrace_ops_list_head(), rec));
		seq_printf(&s, "\n");
	}
	ftrace_unlock();
	return seq_end(&s, file);
}

static int available_filter_functions_read(char *buf, size_t len)
{
	return list_read("available_filter_functions", 0, 0, buf, len);
}

static int available_filter_functions_addrs_read(char *buf, size_t len)
{
	return list_read("available_filter_functions_addrs", 1, 0, buf, len);
}

static int enabled_functions_read(char *buf, size_t len)
{
	return list_read("enabled_functions", 0, 1, buf, len);
}

/*
 * The kernel's first line counts the records and the pages holding them;
 * the kit's records are one array, one "group".  The second line is what
 * the kernel logs at boot: how long the start-up conversion took; the
 * third, the kit's, how many of the program's sites it wrote (none where
 * the compiler made them NOPs, chapter 8).
 */
static int dyn_ftrace_total_info_read(char *buf, size_t len)
{
	struct seq s = { buf, len, 0 };
	unsigned long bytes = ftrace_nr_records * sizeof(struct dyn_ftrace);

	ftrace_dyn_init();
	seq_printf(&s, "%lu pages:%lu groups: %d\n", ftrace_nr_records,
		   (bytes + 4095) / 4096, ftrace_nr_records ? 1 : 0);
	seq_printf(&s, "converted in %llu ns\n", ftrace_update_time_ns);
	seq_printf(&s, "%lu sites written\n", ftrace_init_written);
	return seq_end(&s, "dyn_ftrace_total_info");
}

static struct tracefs_file dyn_files[] = {
	{ "set_ftrace_filter", set_ftrace_filter_write,
	  set_ftrace_filter_read, .append = set_ftrace_filter_append },
	{ "set_ftrace_notrace", set_ftrace_notrace_write,
	  set_ftrace_notrace_read, .append = set_ftrace_notrace_append },
	{ "available_filter_functions", NULL,
	  available_filter_functions_read },
	{ "available_filter_functions_addrs", NULL,
	  available_filter_functions_addrs_read },
	{ "enabled_functions", NULL, enabled_functions_read },
	{ "dyn_ftrace_total_info", NULL, dyn_ftrace_total_info_read },
};

static __init_core void dyn_files_register(void)
{
	size_t i;

	fork_lock_register(&names_lock, FORK_LOCK_NAMES, NULL);
	for (i = 0; i < sizeof(dyn_files) / sizeof(dyn_files[0]); i++)
		tracefs_register(&dyn_files[i]);
}
