// SPDX-License-Identifier: GPL-2.0
/*
 * What the tracer has done so far: ftrace_get_stats() for programs and
 * tests, and the "stats" file, the kernel's per_cpu/cpuN/stats for all
 * thread buffers together followed by the kit's own counters (each part
 * of the kit adds its lines with trace_add_stats_line()).
 *
 * Writing a path to "stats" (FTRACE_STATS, ftrace-run --stats) has the
 * file written there when the program exits, as "trace" names where the
 * trace goes.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <asm/irqflags.h>
#include <asm/trace_clock.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>

void ftrace_get_stats(struct ftrace_stats *st)
{
	int i, n = ring_buffer_nr_threads();

	memset(st, 0, sizeof(*st));
	for (i = 0; i < n; i++) {
		struct trace_buffer *b = ring_buffer_thread(i);
		unsigned long lost = ring_buffer_lost_events(b);

		st->written += local_read(&b->events);
		st->nested += b->nested;
		st->overwritten += ring_buffer_overrun(b);
		st->lost_events += lost;
		st->lost_threads += lost && !ring_buffer_was_dropped(b);
	}
	st->threads = n;
	st->lost_threads += ring_buffer_lost_threads();
	st->recursion_missed = ftrace_recursion_missed;
	ftrace_dyn_stats(st);
}

static void (*stats_lines[8])(FILE *f);

void trace_add_stats_line(void (*line)(FILE *f))
{
	unsigned int i;

	for (i = 0; i < sizeof(stats_lines) / sizeof(stats_lines[0]); i++) {
		if (!stats_lines[i]) {
			stats_lines[i] = line;
			return;
		}
	}
}

static void print_ts(FILE *f, const char *name, uint64_t ns)
{
	fprintf(f, "%s: %5llu.%06llu\n", name,
		(unsigned long long)(ns / 1000000000ull),
		(unsigned long long)(ns % 1000000000ull / 1000));
}

/*
 * Read from the live buffers, since the last reset: a thread that is
 * recording meanwhile may make it one entry off.
 */
static void stats_print(FILE *f)
{
	unsigned long entries = 0, overrun = 0, bytes = 0, nested = 0;
	struct ftrace_stats st;
	uint64_t oldest = 0;
	int n, i, have_oldest = 0;
	unsigned int cpu;

	trace_clock_calibrate();
	/* retired buffers are not freed under us meanwhile */
	ring_buffer_read_start();
	n = ring_buffer_nr_threads();
	for (i = 0; i < n; i++) {
		struct trace_buffer *b = ring_buffer_thread(i);
		unsigned long idx, all = 0;
		struct rb_window w;

		if (ring_buffer_lost_events(b))
			continue;		/* no ring: counted below */
		ring_buffer_window(b, &w);
		for (idx = w.start; idx < w.head; idx++) {
			const struct trace_entry *e =
				&b->entries[idx & b->mask];

			if (e->type == TRACE_UNUSED ||
			    e->type == TRACE_PAYLOAD)
				continue;
			all++;
			if (!have_oldest++ || (int64_t)(e->ts - oldest) < 0)
				oldest = e->ts;
		}
		entries += all;
		overrun += ring_buffer_events_lost(b, &w, all);
		bytes += (w.head - w.start) * sizeof(struct trace_entry);
		nested += b->nested;
	}
	ring_buffer_read_end();
	ftrace_get_stats(&st);
	fprintf(f, "entries: %lu\noverrun: %lu\ncommit overrun: 0\n"
		"bytes: %lu\n", entries, overrun, bytes);
	print_ts(f, "oldest event ts", have_oldest ?
		 trace_clock_to_ns(oldest) : 0);
	print_ts(f, "now ts", trace_clock_to_ns(trace_clock_local(&cpu)));
	fprintf(f, "dropped events: %lu\nread events: 0\n", st.lost_events);
	fprintf(f, "threads: %d\nthreads-without-ring: %lu\n"
		"lost-events: %lu\nnested: %lu\nrecursion-missed: %lu\n", n,
		st.lost_threads, st.lost_events, nested,
		st.recursion_missed);
	fprintf(f, "exited-threads-dropped: %lu\n"
		"exited-threads-dropped-entries: %lu\n",
		ring_buffer_dropped_threads(), ring_buffer_dropped_entries());
	for (i = 0; i < (int)(sizeof(stats_lines) / sizeof(stats_lines[0]));
	     i++)
		if (stats_lines[i])
			stats_lines[i](f);
}

static int stats_read(char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	if (!f)
		return -errno;
	stats_print(f);
	fclose(f);
	return 0;
}

/* FTRACE_STATS=path: the process that named it writes the file at exit. */
static char stats_path[PATH_MAX];
static pid_t stats_pid;

static int stats_write(const char *val)
{
	FILE *f;

	if (!*val) {
		stats_path[0] = 0;
		return 0;
	}
	f = fopen(val, "w");
	if (!f) {
		int ret = -errno;

		tracefs_error("stats: cannot open '%s': %s", val,
			      strerror(errno));
		return ret;
	}
	fclose(f);
	if (!realpath(val, stats_path))
		snprintf(stats_path, sizeof(stats_path), "%s", val);
	stats_pid = getpid();
	/* programs this one execs do not overwrite it */
	unsetenv("FTRACE_STATS");
	return 0;
}

static void stats_at_exit(void)
{
	FILE *f;

	if (!stats_path[0] || stats_pid != getpid())
		return;
	f = fopen(stats_path, "w");
	if (!f)
		return;
	stats_print(f);
	fclose(f);
}

static struct tracefs_file stats_file = {
	"stats", stats_write, stats_read,
};

static __init_core void stats_init(void)
{
	tracefs_register(&stats_file);
	trace_add_exit_writer(stats_at_exit);
}
