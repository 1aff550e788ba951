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
 * The filters take the globs of lib/glob.c, "!glob" removes.
 * tracefs_write() replaces the set ("echo > file"); tracefs_append() adds
 * to it ("echo >> file").  A word that matches no function is an error
 * and changes nothing.  They are ftrace_global_hash (ftrace_hash.c), which
 * the ftrace_ops with FTRACE_OPS_FL_GLOBAL (the function tracer) follow.
 *
 * A hash is a sorted array of rec->ip.  A hash that was in use is never
 * freed: a thread may be reading it in ftrace_ops_test().
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
#include <linux/tracefs.h>
#include "ftrace_internal.h"

/* ---- names ---------------------------------------------------------------- */

static const char **rec_names;
static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;

static int load_names(void)
{
	unsigned long i;
	const char **names;

	pthread_mutex_lock(&names_lock);
	if (rec_names || !ftrace_nr_records)
		goto out;
	names = calloc(ftrace_nr_records, sizeof(*names));
	if (!names) {
		pthread_mutex_unlock(&names_lock);
		return -ENOMEM;
	}
	for (i = 0; i < ftrace_nr_records; i++) {
		char buf[32];
		const char *n = ksym_name(ftrace_records[i].ip, buf,
					  sizeof(buf));

		/* a hex fallback lives in buf: keep a copy */
		names[i] = n == buf ? strdup(buf) : n;
		if (!names[i])
			names[i] = "?";
	}
	__atomic_store_n(&rec_names, names, __ATOMIC_RELEASE);
out:
	pthread_mutex_unlock(&names_lock);
	return 0;
}

/*
 * Records added (the ftraced design), ftrace_lock held: the next name
 * looked up loads them all again.  The old names are not freed: a reader
 * of another file may hold one.
 */
void ftrace_names_reset(void)
{
	pthread_mutex_lock(&names_lock);
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

/* Apply the words of val to the selection sel (one byte per record). */
static int filter_parse(const char *file, const char *val, unsigned char *sel)
{
	char word[256];
	const char *p = val;
	int ret;

	while ((ret = tracefs_next_word(&p, word, sizeof(word))) != 0) {
		int remove = word[0] == '!';
		const char *glob = word + remove;
		unsigned long i, matched = 0;

		if (ret < 0) {
			tracefs_error("%s: pattern too long", file);
			return -EINVAL;
		}
		if (ftrace_glob_check(glob)) {
			tracefs_error("%s: bad glob '%s'", file, word);
			return -EINVAL;
		}
		for (i = 0; i < ftrace_nr_records; i++) {
			if (!ftrace_glob_match(glob,
					       ftrace_rec_name(&ftrace_records[i])))
				continue;
			sel[i] = !remove;
			matched++;
		}
		if (!matched) {
			tracefs_error("%s: '%s' matches no traceable function",
				      file, glob);
			return -EINVAL;
		}
	}
	return 0;
}

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

static int filter_set(const char *file, struct ftrace_hash **slot,
		      const char *val, int append)
{
	struct ftrace_hash *old, *hash;
	unsigned char *sel;
	unsigned long i;
	int ret;

	ftrace_dyn_init();
	/* (the ftraced design adds records: count them under the lock) */
	ftrace_lock();
	sel = load_names() ? NULL : calloc(ftrace_nr_records + 1, 1);
	if (!sel) {
		ftrace_unlock();
		return -ENOMEM;
	}
	old = *slot;
	if (append && old)
		for (i = 0; i < ftrace_nr_records; i++)
			sel[i] = ftrace_hash_lookup(old, ftrace_records[i].ip);
	ret = filter_parse(file, val, sel);
	if (!ret) {
		hash = hash_from(sel);
		__atomic_store_n(slot, hash, __ATOMIC_RELEASE);
		ret = ftrace_update_locked();
		if (ret)	/* the code did not change: nor does the file */
			__atomic_store_n(slot, old, __ATOMIC_RELEASE);
	}
	ftrace_unlock();
	free(sel);
	return ret;
}

static int set_ftrace_filter_write(const char *val)
{
	return filter_set("set_ftrace_filter",
			  &ftrace_global_hash.filter_hash, val, 0);
}

static int set_ftrace_filter_append(const char *val)
{
	return filter_set("set_ftrace_filter",
			  &ftrace_global_hash.filter_hash, val, 1);
}

static int set_ftrace_notrace_write(const char *val)
{
	return filter_set("set_ftrace_notrace",
			  &ftrace_global_hash.notrace_hash, val, 0);
}

static int set_ftrace_notrace_append(const char *val)
{
	return filter_set("set_ftrace_notrace",
			  &ftrace_global_hash.notrace_hash, val, 1);
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

static int hash_read(const char *file, struct ftrace_hash *hash,
		     const char *empty, char *buf, size_t len)
{
	struct seq s = { buf, len, 0 };
	size_t i;

	buf[0] = 0;
	ftrace_lock();
	if (load_names()) {
		ftrace_unlock();
		return -ENOMEM;
	}
	if (!hash || !hash->count)
		seq_printf(&s, "%s", empty);
	for (i = 0; hash && i < hash->count; i++)
		seq_printf(&s, "%s\n",
			   ftrace_rec_name(ftrace_lookup_ip(hash->ips[i])));
	ftrace_unlock();
	return seq_end(&s, file);
}

static int set_ftrace_filter_read(char *buf, size_t len)
{
	return hash_read("set_ftrace_filter",
			 __atomic_load_n(&ftrace_global_hash.filter_hash,
					 __ATOMIC_ACQUIRE),
			 "#### all functions enabled ####\n", buf, len);
}

static int set_ftrace_notrace_read(char *buf, size_t len)
{
	return hash_read("set_ftrace_notrace",
			 __atomic_load_n(&ftrace_global_hash.notrace_hash,
					 __ATOMIC_ACQUIRE), "", buf, len);
}

static int list_read(const char *file, int addrs, int enabled, char *buf,
		     size_t len)
{
	struct seq s = { buf, len, 0 };
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
 * the kernel logs at boot: how long the start-up conversion took.
 */
static int dyn_ftrace_total_info_read(char *buf, size_t len)
{
	struct seq s = { buf, len, 0 };
	unsigned long bytes = ftrace_nr_records * sizeof(struct dyn_ftrace);

	ftrace_dyn_init();
	seq_printf(&s, "%lu pages:%lu groups: %d\n", ftrace_nr_records,
		   (bytes + 4095) / 4096, ftrace_nr_records ? 1 : 0);
	seq_printf(&s, "converted in %llu ns\n", ftrace_update_time_ns);
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
