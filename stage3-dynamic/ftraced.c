// SPDX-License-Identifier: GPL-2.0
/*
 * The 2008 design of dynamic ftrace (chapter 4, "History"): no
 * __mcount_loc table.  Built with CONFIG_FTRACE_MCOUNT_RECORD off.
 *
 * Every site calls mcount until it is patched, and mcount calls
 * ftrace_record_ip() (through ftrace_mcount_function, linux/ftrace.h),
 * which remembers the site in a table that takes no lock and allocates
 * nothing: it runs on the traced path of any thread, in signal handlers
 * too.  A daemon thread, ftraced, wakes every ftraced_interval_ms, takes
 * the sites recorded since it last looked and has them patched under
 * stop_machine() (ftrace_add_records()): into a jump over the rest of the
 * site, the first 2008 form, where the arch has one (x86_64), or into a
 * NOP (the ftraced_nop setting).
 * From then on they are records like those of the table, enabled and
 * disabled as the tracers want.
 *
 * What this design cannot see: a function never called before tracing
 * starts has no record, so no filter can name it and no tracer sees it
 * until the daemon found it; a filter names the functions recorded when
 * it was written.  And what it got wrong in 2008: a recorded site is
 * patched later, by which time the code there may be something else (a
 * module unloaded, its memory reused).  Here every change is verified
 * before it is written, so such a site is said and left alone.
 *
 * The daemon is a thread of the program's process, but not the
 * program's: it blocks every signal (none meant for the program lands on
 * it) and stop_machine() leaves it alone (it never runs program code).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/event_path.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/stop_machine.h>
#include <linux/text_patching.h>
#include <linux/trace_clock.h>
#include <linux/tracefs.h>
#include "ftrace_internal.h"

/* mcount's pointer: ftrace_record_ip() once the table is there */
ftrace_func_t ftrace_mcount_function = ftrace_stub;

/*
 * The sites seen: open addressing, 0 for a free slot, claimed with one
 * compare-and-swap.  Sized at start-up for twice the calls of mcount in
 * the program's code, so it never fills; seen_lost counts the calls that
 * found it full all the same.
 */
static unsigned long *seen;
static unsigned char *seen_done;	/* the daemon's: SEEN_* */
static unsigned long seen_mask;
static int seen_new;			/* sites since the last look */
static unsigned long seen_lost;

enum { SEEN_NEW, SEEN_TAKEN, SEEN_DONE };

static int ftraced_enabled = 1;
static unsigned long ftraced_interval_ms = 1000;
static unsigned long ftraced_flags;	/* FTRACE_FL_JMP, or 0: NOPs */
static pthread_t ftraced_thread;
static int ftraced_running;

static __event_path unsigned long ip_hash(unsigned long ip)
{
	return (ip * 0x9e3779b1UL) >> 4;
}

static __event_path void ftrace_record_ip(unsigned long ip,
					  unsigned long parent_ip,
					  struct ftrace_ops *op,
					  struct ftrace_regs *fregs)
{
	unsigned long i, h = ip_hash(ip);

	for (i = 0; i <= seen_mask; i++, h++) {
		unsigned long *slot = &seen[h & seen_mask];
		unsigned long cur = __atomic_load_n(slot, __ATOMIC_RELAXED);

		if (cur == ip)
			return;
		if (cur)
			continue;
		if (__atomic_compare_exchange_n(slot, &cur, ip, 0,
						__ATOMIC_RELEASE,
						__ATOMIC_RELAXED)) {
			__atomic_store_n(&seen_new, 1, __ATOMIC_RELEASE);
			return;
		}
		if (cur == ip)		/* another thread, the same site */
			return;
	}
	__atomic_add_fetch(&seen_lost, 1, __ATOMIC_RELAXED);
}

/*
 * One look, ftrace_lock held: the sites recorded and not handled yet,
 * patched.  A refused stop_machine() leaves them for the next look.
 */
static void ftraced_update(void)
{
	unsigned long i, n = 0, *ips;
	long ret;

	__atomic_store_n(&seen_new, 0, __ATOMIC_RELAXED);
	ips = malloc((seen_mask + 1) * sizeof(*ips));
	if (!ips)
		return;
	for (i = 0; i <= seen_mask; i++) {
		unsigned long ip = __atomic_load_n(&seen[i], __ATOMIC_ACQUIRE);

		if (ip && seen_done[i] == SEEN_NEW) {
			ips[n++] = ip;
			seen_done[i] = SEEN_TAKEN;
		}
	}
	qsort(ips, n, sizeof(*ips), ftrace_ip_cmp);
	ret = ftrace_add_records(ips, n, ftraced_flags);
	if (ret > 0) {
		/* new names for the filter files; enabled if the ops want */
		ftrace_names_reset();
		ftrace_update_locked();
	}
	/* patched, or said and left alone; or not now (-EBUSY) */
	for (i = 0; i <= seen_mask; i++)
		if (seen_done[i] == SEEN_TAKEN)
			seen_done[i] = ret == -EBUSY ? SEEN_NEW : SEEN_DONE;
	if (ret == -EBUSY)
		__atomic_store_n(&seen_new, 1, __ATOMIC_RELAXED);
	free(ips);
}

/*
 * One interval, in slices of at most FTRACED_SLICE_MS, the setting read
 * again after each: a shorter interval written at start-up applies at
 * once, not after the default's 1 s, and nothing has to wake the daemon.
 * Each slice sleeps until a time of the monotonic clock rather than for
 * a length, so a sleep begun again ends when it should, and the interval
 * is measured on that clock whatever a slice did.
 */
#define FTRACED_SLICE_MS	50

static void ftraced_sleep(void)
{
	uint64_t start = ktime_get_ns(), now, end, ms;
	uint64_t slice = (uint64_t)FTRACED_SLICE_MS * NSEC_PER_MSEC;
	struct timespec ts;

	for (;;) {
		ms = __atomic_load_n(&ftraced_interval_ms, __ATOMIC_RELAXED);
		end = start + ms * NSEC_PER_MSEC;
		now = ktime_get_ns();
		if (now >= end)
			return;
		if (end - now > slice)
			end = now + slice;
		ts.tv_sec = end / NSEC_PER_SEC;
		ts.tv_nsec = end % NSEC_PER_SEC;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	}
}

static void *ftraced(void *unused)
{
	sigset_t all;

	sigfillset(&all);
	kit_work_begin();	/* the daemon holds none of the program's */
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	kit_work_end();
	ftrace_lock();
	stop_machine_exclude_current();
	ftrace_unlock();
	for (;;) {
		ftraced_sleep();
		if (!__atomic_load_n(&ftraced_enabled, __ATOMIC_RELAXED) ||
		    !__atomic_load_n(&seen_new, __ATOMIC_ACQUIRE))
			continue;
		ftrace_lock();
		ftraced_update();
		ftrace_unlock();
	}
	return NULL;
}

static void ftraced_start(void)
{
	pthread_attr_t attr;

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	ftraced_running = !pthread_create(&ftraced_thread, &attr, ftraced,
					  NULL);
	pthread_attr_destroy(&attr);
	if (!ftraced_running)
		fprintf(stderr, "ftrace: ftraced: cannot start the daemon; "
			"sites stay calls of mcount\n");
}

/* A child of fork() has no daemon: it gets its own. */
static void ftraced_after_fork(void)
{
	ftraced_start();
}

static void count_calls(unsigned long start, unsigned long end, void *data)
{
	*(unsigned long *)data += ftrace_mcount_calls(start, end);
}

/* ---- the settings ------------------------------------------------------- */

static int ftraced_enabled_write(const char *val)
{
	unsigned long on;

	if (tracefs_parse_ulong("ftraced_enabled", val, &on))
		return -EINVAL;
	__atomic_store_n(&ftraced_enabled, !!on, __ATOMIC_RELAXED);
	return 0;
}

static int ftraced_enabled_read(char *buf, size_t len)
{
	snprintf(buf, len, "%d\n", ftraced_enabled);
	return 0;
}

static int ftraced_interval_write(const char *val)
{
	unsigned long ms;

	if (tracefs_parse_ulong("ftraced_interval_ms", val, &ms))
		return -EINVAL;
	if (!ms) {
		tracefs_error("ftraced_interval_ms: must be at least 1");
		return -EINVAL;
	}
	__atomic_store_n(&ftraced_interval_ms, ms, __ATOMIC_RELAXED);
	return 0;
}

static int ftraced_interval_read(char *buf, size_t len)
{
	snprintf(buf, len, "%lu\n", ftraced_interval_ms);
	return 0;
}

/*
 * ftraced_nop: what a recorded site becomes while disabled, "[jmp] nop".
 * It applies to the sites the daemon finds from then on.
 */
static int ftraced_nop_write(const char *val)
{
	if (!strcmp(val, "jmp") && !ARCH_SUPPORTS_FTRACE_JMP) {
		tracefs_error("ftraced_nop: this arch has no 'jmp' form; its "
			      "disabled sites are NOPs");
		return -EINVAL;
	} else if (!strcmp(val, "jmp"))
		ftraced_flags = FTRACE_FL_JMP;
	else if (!strcmp(val, "nop"))
		ftraced_flags = 0;
	else {
		tracefs_error("ftraced_nop: expected 'jmp' or 'nop', got "
			      "'%s'", val);
		return -EINVAL;
	}
	return 0;
}

static int ftraced_nop_read(char *buf, size_t len)
{
	if (!ARCH_SUPPORTS_FTRACE_JMP)
		snprintf(buf, len, "[nop]\n");
	else
		snprintf(buf, len, "%s\n",
			 ftraced_flags ? "[jmp] nop" : "jmp [nop]");
	return 0;
}

/* sites seen, and calls that found the table full (not recorded) */
static int ftraced_stats_read(char *buf, size_t len)
{
	unsigned long i, n = 0;

	for (i = 0; i <= seen_mask; i++)
		n += !!__atomic_load_n(&seen[i], __ATOMIC_RELAXED);
	snprintf(buf, len, "recorded %lu\nlost %lu\n", n,
		 __atomic_load_n(&seen_lost, __ATOMIC_RELAXED));
	return 0;
}

/*
 * The sites recorded and not handled yet, one address a line (as many as
 * fit): what the daemon will patch at its next look.  ftrace_lock keeps
 * the daemon from handling them meanwhile.
 */
static int ftraced_pending_read(char *buf, size_t len)
{
	unsigned long i, ip;
	size_t off = 0;
	int n;

	buf[0] = 0;
	ftrace_lock();
	for (i = 0; i <= seen_mask; i++) {
		ip = __atomic_load_n(&seen[i], __ATOMIC_ACQUIRE);
		if (!ip || seen_done[i] != SEEN_NEW)
			continue;
		n = snprintf(buf + off, len - off, "%lx\n", ip);
		if (n < 0 || (size_t)n >= len - off) {
			buf[off] = 0;
			break;
		}
		off += n;
	}
	ftrace_unlock();
	return 0;
}

static struct tracefs_file ftraced_files[] = {
	{ "ftraced_enabled", ftraced_enabled_write, ftraced_enabled_read },
	{ "ftraced_interval_ms", ftraced_interval_write,
	  ftraced_interval_read },
	{ "ftraced_nop", ftraced_nop_write, ftraced_nop_read },
	{ "ftraced_stats", NULL, ftraced_stats_read },
	{ "ftraced_pending", NULL, ftraced_pending_read },
};

/*
 * At boot, as dynamic ftrace's own start-up: the table, then mcount
 * starts recording; the daemon's first look comes one interval later,
 * after the settings.
 */
static __init_boot void ftraced_init(void)
{
	unsigned long calls = 0, size = 64;
	size_t i;

	for (i = 0; i < sizeof(ftraced_files) / sizeof(ftraced_files[0]); i++)
		tracefs_register(&ftraced_files[i]);
	ftraced_flags = ARCH_SUPPORTS_FTRACE_JMP ? FTRACE_FL_JMP : 0;
	ftrace_dyn_init();
	core_text_for_each(count_calls, &calls);
	while (size < 2 * calls)
		size *= 2;
	seen = calloc(size, sizeof(*seen));
	seen_done = calloc(size, 1);
	if (!seen || !seen_done) {
		fprintf(stderr, "ftrace: ftraced: no memory for %lu sites\n",
			size);
		return;
	}
	seen_mask = size - 1;
	__atomic_store_n(&ftrace_mcount_function, ftrace_record_ip,
			 __ATOMIC_RELEASE);
	ftraced_start();
	pthread_atfork(NULL, NULL, ftraced_after_fork);
}
