// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: function_profile_enabled and trace_stat/function<N>.
 *
 * Writing 1 to function_profile_enabled starts counting, per function and
 * per thread (the kernel counts per CPU; a thread is the kit's CPU, as for
 * the ring buffer): hits, time, and the sum of squared times for s^2.
 * trace_stat/function<N> is the table of the N-th thread that was profiled,
 * in the kernel's layout, sorted by time.  Writing 1 again after a 0
 * starts from zero, as in the kernel.
 *
 * Time: with the graph tracer built in (stage2-graph/fgraph_profile.c), a
 * call's time from entry to return, children included unless the graph_time
 * option is off (then its own time only).  Without it, the time from a
 * function's entry to the next traced entry on the same thread, which is
 * all that entries alone can tell.
 *
 * The hot path runs in mcount's context, in any thread, maybe in a signal
 * handler: each thread has its own table, fixed-size, mmap()ed at its first
 * call (async-signal-safe), open addressing on the function's address.  A
 * full table counts misses.  A signal handler that lands while its thread is
 * updating the table cannot touch it; its call is counted as a miss too
 * (the kernel disables interrupts instead; a system call per function is
 * too dear here).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <pthread.h>
#include <linux/event_path.h>
#include <asm/irqflags.h>
#include <linux/fork_lock.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>
#include "ftrace_profile.h"

#define PROFILE_MAX_THREADS	64
#define PROFILE_SLOTS		4096	/* a power of 2 */
#define PROFILE_MAX_RECORDS	(PROFILE_SLOTS / 2)	/* short probes */

struct profile_table {
	pid_t		tid;
	char		comm[TRACE_COMM_LEN];
	unsigned long	gen;		/* profile_gen it counts for */
	unsigned int	busy;		/* an update is under way */
	unsigned long	nr;		/* records used */
	unsigned long	missed;		/* calls not counted */
	struct ftrace_profile_last last;
	struct ftrace_profile recs[PROFILE_SLOTS];
};

static struct profile_table *profile_tables[PROFILE_MAX_THREADS];
static int nr_profile_tables;
static unsigned long profile_lost_threads;
static __thread struct profile_table *this_profile;

static int ftrace_profile_enabled;
static unsigned long profile_gen = 1;
static pthread_mutex_t profile_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * The thread's name, as the trace shows it: a thread nobody named carries
 * the process's name, which under qemu-user is qemu's, so such a thread
 * gets the program's name.
 */
static char process_comm[TRACE_COMM_LEN];

static void profile_comm(char *comm)
{
	prctl(PR_GET_NAME, comm);
	if (!strcmp(comm, process_comm))
		snprintf(comm, TRACE_COMM_LEN, "%s",
			 program_invocation_short_name);
}

/* A thread's first call (a slow path: kernel_fpu_call()) */
static void *profile_table_claim(void *unused)
{
	struct profile_table *t;
	int saved_errno = errno;	/* the traced program's */
	irqflags_t flags;
	int i;

	local_irq_save(flags);
	t = this_profile;
	if (t)
		goto out;
	i = __atomic_fetch_add(&nr_profile_tables, 1, __ATOMIC_RELAXED);
	if (i >= PROFILE_MAX_THREADS) {
		__atomic_add_fetch(&profile_lost_threads, 1, __ATOMIC_RELAXED);
		goto out;
	}
	t = mmap(NULL, sizeof(*t), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (t == MAP_FAILED) {
		t = NULL;
		goto out;
	}
	t->tid = syscall(SYS_gettid);
	profile_comm(t->comm);
	t->gen = __atomic_load_n(&profile_gen, __ATOMIC_RELAXED);
	__atomic_store_n(&profile_tables[i], t, __ATOMIC_RELEASE);
	this_profile = t;
out:
	local_irq_restore(flags);
	errno = saved_errno;
	return t;
}

/* Profiling restarted: this thread's counts start again (a slow path). */
static void *profile_table_reset(void *arg)
{
	struct profile_table *t = arg;

	memset(t->recs, 0, sizeof(t->recs));
	t->nr = 0;
	t->missed = 0;
	t->last.rec = NULL;
	return NULL;
}

__event_path struct ftrace_profile *ftrace_profile_begin(unsigned long ip,
							 int hit)
{
	struct profile_table *t = this_profile;
	unsigned long gen = __atomic_load_n(&profile_gen, __ATOMIC_RELAXED);
	unsigned long h, i;

	if (__builtin_expect(!t, 0)) {
		if (!hit)
			return NULL;
		t = kernel_fpu_call(profile_table_claim, NULL);
		if (!t)
			return NULL;
	}
	if (t->busy) {		/* a handler interrupted an update */
		t->missed++;		/* (the update does not touch it) */
		return NULL;
	}
	t->busy = 1;
	__asm__ __volatile__("" ::: "memory");
	if (__builtin_expect(t->gen != gen, 0)) {
		kernel_fpu_call(profile_table_reset, t);
		t->gen = gen;
	}
	h = (ip >> 2) * 2654435761u;
	for (i = 0; i < PROFILE_SLOTS; i++) {
		struct ftrace_profile *rec =
			&t->recs[(h + i) & (PROFILE_SLOTS - 1)];

		if (rec->ip == ip) {
			if (hit)
				rec->counter++;
			return rec;
		}
		if (!rec->ip) {
			if (!hit)
				break;
			if (t->nr >= PROFILE_MAX_RECORDS) {
				t->missed++;
				break;
			}
			t->nr++;
			rec->ip = ip;
			rec->counter = 1;
			return rec;
		}
	}
	ftrace_profile_end();
	return NULL;
}

/*
 * The sum of squared times needs 128 bits (a call of a second is 2^60
 * TSC ticks squared), made of 32-bit products so that 32-bit arches need
 * no library call: d^2 = a^2 2^64 + 2ab 2^32 + b^2, d = a 2^32 + b.
 */
__event_path void ftrace_profile_add_time(struct ftrace_profile *rec,
					  uint64_t d)
{
	uint64_t a = d >> 32, b = (uint32_t)d, ab = a * b;
	uint64_t lo = b * b, mid = ab << 33, hi = a * a + (ab >> 31);

	lo += mid;
	hi += lo < mid;
	rec->time += d;
	rec->time_sq_lo += lo;
	rec->time_sq_hi += hi + (rec->time_sq_lo < lo);
}

__event_path void ftrace_profile_end(void)
{
	__asm__ __volatile__("" ::: "memory");
	this_profile->busy = 0;
}

__event_path struct ftrace_profile_last *ftrace_profile_last(void)
{
	return &this_profile->last;
}

static const struct ftrace_profiler *profile_timer;

void ftrace_profile_set_timer(const struct ftrace_profiler *p)
{
	profile_timer = p;
}

static int function_profile_write(const char *val)
{
	unsigned long on;
	int ret = 0;

	if (tracefs_parse_ulong("function_profile_enabled", val, &on))
		return -EINVAL;
	if (on > 1) {
		tracefs_error("function_profile_enabled: expected 0 or 1, "
			      "got '%s'", val);
		return -EINVAL;
	}
	pthread_mutex_lock(&profile_lock);
	tracefs_error("%s", "");
	if (on && !ftrace_profile_enabled) {
		__atomic_add_fetch(&profile_gen, 1, __ATOMIC_RELAXED);
		ret = profile_timer->start();
		if (ret)
			on = 0;
	} else if (!on && ftrace_profile_enabled) {
		ret = profile_timer->stop();
		if (ret)
			on = 1;		/* still counting */
	}
	if (ret)
		tracefs_error("function_profile_enabled: the profiler failed "
			      "to %s: %s", on ? "stop" : "start",
			      tracefs_why(ret));
	ftrace_profile_enabled = on;
	pthread_mutex_unlock(&profile_lock);
	return ret;
}

static int function_profile_read(char *buf, size_t len)
{
	snprintf(buf, len, "%d\n", ftrace_profile_enabled);
	return 0;
}

/* ---- trace_stat/function<N> --------------------------------------------- */

/*
 * The table of t as trace_stat shows it (ftrace_profile_stat.c prints a
 * copy: the thread may go on counting).
 */
static int profile_print_table(FILE *f, struct profile_table *t)
{
	struct ftrace_profile *recs;
	unsigned long i, n = 0;
	int ret;

	if (!t || t->gen != profile_gen)
		return ftrace_profile_print(f, NULL, 0);
	recs = malloc(sizeof(t->recs));
	if (!recs)
		return -ENOMEM;
	for (i = 0; i < PROFILE_SLOTS; i++)
		if (t->recs[i].ip && t->recs[i].counter)
			recs[n++] = t->recs[i];
	ret = ftrace_profile_print(f, recs, n);
	free(recs);
	return ret;
}

static int profile_stat_read(int nr, char *buf, size_t len)
{
	struct profile_table *t = NULL;
	FILE *f = fmemopen(buf, len, "w");
	int ret;

	if (!f)
		return -errno;
	if (nr < __atomic_load_n(&nr_profile_tables, __ATOMIC_ACQUIRE))
		t = __atomic_load_n(&profile_tables[nr], __ATOMIC_ACQUIRE);
	ret = profile_print_table(f, t);
	fclose(f);
	return ret;
}

/*
 * One file per table, as the kernel has one per CPU; a read function has
 * no argument to say which, so each file gets its own.
 */
#define PROFILE_FILES(X) \
	X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) \
	X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) \
	X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32) X(33) \
	X(34) X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) \
	X(45) X(46) X(47) X(48) X(49) X(50) X(51) X(52) X(53) X(54) X(55) \
	X(56) X(57) X(58) X(59) X(60) X(61) X(62) X(63)

#define STAT_READ(n)							\
static int stat_read_##n(char *buf, size_t len)				\
{									\
	return profile_stat_read(n, buf, len);				\
}
PROFILE_FILES(STAT_READ)

#define STAT_FILE(n)	{ "trace_stat/function" #n, NULL, stat_read_##n },
static struct tracefs_file stat_files[] = {
	PROFILE_FILES(STAT_FILE)
};

/* ---- at exit: the tables, to the trace_stat file if one is named -------- */

static char stat_path[4096];
static pid_t stat_pid;

static int trace_stat_write(const char *val)
{
	FILE *f;

	if (!*val) {
		stat_path[0] = 0;
		return 0;
	}
	f = fopen(val, "w");
	if (!f) {
		int ret = -errno;

		tracefs_error("trace_stat: cannot open '%s': %s", val,
			      strerror(errno));
		return ret;
	}
	fclose(f);
	if (!realpath(val, stat_path))
		snprintf(stat_path, sizeof(stat_path), "%s", val);
	stat_pid = getpid();
	/* programs this one execs do not overwrite it */
	unsetenv("FTRACE_TRACE_STAT");
	return 0;
}

static int trace_stat_read(char *buf, size_t len)
{
	snprintf(buf, len, "%s\n", stat_path[0] ? stat_path : "(none)");
	return 0;
}

/*
 * Like "head trace_stat/function*": each table under a "==> name <=="
 * line, which also names the thread.
 */
static void profile_write_at_exit(void)
{
	int i, n = __atomic_load_n(&nr_profile_tables, __ATOMIC_ACQUIRE);
	FILE *f;

	if (!stat_path[0] || stat_pid != getpid())
		return;
	f = fopen(stat_path, "w");
	if (!f)
		return;
	if (n > PROFILE_MAX_THREADS)
		n = PROFILE_MAX_THREADS;
	for (i = 0; i < n; i++) {
		struct profile_table *t = profile_tables[i];

		if (!t || t->gen != profile_gen)
			continue;
		fprintf(f, "%s==> trace_stat/function%d <== %s-%d\n",
			i ? "\n" : "", i, t->comm, t->tid);
		profile_print_table(f, t);
	}
	fclose(f);
}

static void profile_stats_line(FILE *f)
{
	unsigned long missed = 0;
	int i, n = __atomic_load_n(&nr_profile_tables, __ATOMIC_ACQUIRE);

	if (n > PROFILE_MAX_THREADS)
		n = PROFILE_MAX_THREADS;
	for (i = 0; i < n; i++)
		if (profile_tables[i])
			missed += profile_tables[i]->missed;
	fprintf(f, "profile-missed: %lu\nprofile-threads-without-table: "
		"%lu\n", missed, profile_lost_threads);
}

/* In a child after fork(): its own tables, from zero. */
static void profile_after_fork(void)
{
	nr_profile_tables = 0;
	this_profile = NULL;
}

static struct tracefs_file profile_files[] = {
	{ "function_profile_enabled", function_profile_write,
	  function_profile_read },
	{ "trace_stat", trace_stat_write, trace_stat_read },
};

static __init_core void ftrace_profile_register(void)
{
	fork_lock_register(&profile_lock, FORK_LOCK_PROFILE, NULL);
	size_t i;

	prctl(PR_GET_NAME, process_comm);
	for (i = 0; i < sizeof(profile_files) / sizeof(profile_files[0]); i++)
		tracefs_register(&profile_files[i]);
	for (i = 0; i < sizeof(stat_files) / sizeof(stat_files[0]); i++)
		tracefs_register(&stat_files[i]);
	trace_add_exit_writer(profile_write_at_exit);
	trace_add_stats_line(profile_stats_line);
	pthread_atfork(NULL, NULL, profile_after_fork);
}
