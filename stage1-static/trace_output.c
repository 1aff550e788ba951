// SPDX-License-Identifier: GPL-2.0
/*
 * Writing the trace out: the "trace" file.
 *
 * The kernel reads its buffers while tracing goes on; a user-space program
 * is its own only reader, so the trace is written once, when the program
 * exits (or when it calls tracefs_dump()).  Every thread's buffer is merged
 * by time stamp, and each entry is printed by the printer registered for
 * its type, so that entries made under one tracer still print correctly
 * after the program switched to another.
 *
 * FTRACE_TRACE names the file (stderr when unset).  It is emptied when the
 * program starts; processes forked from it append their own trace under a
 * lock, so parent and children share one file as the kernel's CPUs do.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/file.h>
#include <asm/irqflags.h>
#include <tracefs.h>
#include "trace.h"

static char trace_path[1024];

/* ---- printers ----------------------------------------------------------- */

static const char *trace_header_name = "nop";
static void (*trace_column_header)(FILE *f);

static struct trace_printer {
	trace_print_fn print;
} printers[TRACE_NR_TYPES];

void register_trace_printer(enum trace_type type, trace_print_fn fn)
{
	printers[type].print = fn;
}

void trace_set_header(const char *tracer, void (*columns)(FILE *f))
{
	trace_header_name = tracer;
	trace_column_header = columns;
}

static void (*header_lines[4])(FILE *f);

void trace_add_header_line(void (*line)(FILE *f))
{
	unsigned int i;

	for (i = 0; i < sizeof(header_lines) / sizeof(header_lines[0]); i++) {
		if (!header_lines[i]) {
			header_lines[i] = line;
			return;
		}
	}
}

/* "           demo-1234    [001]   123.456789: " */
void trace_print_context(FILE *f, struct trace_buffer *b,
			 const struct trace_entry *e)
{
	uint64_t ns = trace_clock_to_ns(e->ts);

	fprintf(f, "%16s-%-7d [%03u] %5llu.%06llu: ", b->comm, b->tid, e->cpu,
		(unsigned long long)(ns / 1000000000ull),
		(unsigned long long)(ns % 1000000000ull / 1000));
}

/* ---- the dump ----------------------------------------------------------- */

static unsigned long buffer_first(struct trace_buffer *b)
{
	unsigned long head = local_read(&b->head);

	return head > b->mask + 1 ? head - (b->mask + 1) : 0;
}

static void print_header(FILE *f, unsigned long in_buf,
			 unsigned long written, unsigned long overwritten)
{
	extern unsigned long ftrace_recursion_missed;
	unsigned int i;

	fprintf(f, "# tracer: %s\n#\n", trace_header_name);
	fprintf(f, "# entries-in-buffer/entries-written: %lu/%lu   #P:%ld\n",
		in_buf, written, sysconf(_SC_NPROCESSORS_ONLN));
	fprintf(f, "# overwritten: %lu   threads-without-buffer: %lu"
		"   recursion-missed: %lu\n", overwritten,
		ring_buffer_lost_threads(), ftrace_recursion_missed);
	for (i = 0; i < sizeof(header_lines) / sizeof(header_lines[0]); i++)
		if (header_lines[i])
			header_lines[i](f);
	fprintf(f, "#\n");
	if (trace_column_header)
		trace_column_header(f);
}

/* The thread whose next unprinted entry is the oldest, or -1 when none. */
static int oldest_pending(const unsigned long *pos, int n)
{
	uint64_t best_ts = 0;
	int i, best = -1;

	for (i = 0; i < n; i++) {
		struct trace_buffer *b = ring_buffer_thread(i);
		uint64_t ts;

		if (pos[i] >= local_read(&b->head))
			continue;
		ts = b->entries[pos[i] & b->mask].ts;
		/* the clock may wrap: compare differences */
		if (best < 0 || (int64_t)(ts - best_ts) < 0) {
			best = i;
			best_ts = ts;
		}
	}
	return best;
}

static void print_entries(FILE *f)
{
	unsigned long in_buf = 0, written, overwritten;
	int n, i;

	/* a consistent copy: other threads may go on writing */
	ring_buffer_read_start();
	n = ring_buffer_nr_threads();
	unsigned long pos[n > 0 ? n : 1];

	written = overwritten = ring_buffer_dropped_entries();
	for (i = 0; i < n; i++) {
		struct trace_buffer *b = ring_buffer_thread(i);

		pos[i] = buffer_first(b);
		in_buf += b->nr_entries;
		overwritten += b->overrun;
		written += local_read(&b->head);
	}
	print_header(f, in_buf, written, overwritten);

	/* k-way merge: the oldest pending entry of any thread goes next */
	while ((i = oldest_pending(pos, n)) >= 0) {
		struct trace_buffer *b = ring_buffer_thread(i);
		struct trace_entry *e = &b->entries[pos[i] & b->mask];
		unsigned int used = 1;

		if (e->type < TRACE_NR_TYPES && printers[e->type].print)
			used = printers[e->type].print(f, b, pos[i]);
		pos[i] += used;
	}
	ring_buffer_read_end();
}

int tracefs_dump(const char *path)
{
	irqflags_t flags;
	int was_on, fd = -1;
	FILE *f;

	was_on = __atomic_exchange_n(&tracing_on, 0, __ATOMIC_SEQ_CST);
	local_irq_save(flags);
	if (path && *path) {
		fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd < 0) {
			tracefs_error("trace: cannot open '%s': %s", path,
				      strerror(errno));
			local_irq_restore(flags);
			tracing_on = was_on;
			return -errno;
		}
		flock(fd, LOCK_EX);
		f = fdopen(fd, "a");
	} else {
		f = stderr;
	}
	trace_clock_calibrate();
	print_entries(f);
	fflush(f);
	if (fd >= 0)
		fclose(f);	/* also drops the lock */
	local_irq_restore(flags);
	tracing_on = was_on;
	return 0;
}

static void trace_dump_at_exit(void)
{
	/* from here on nothing is recorded: the buffers are being read */
	tracing_on = 0;
	/* a program that traced nothing and was given no trace file: quiet */
	if (!trace_path[0] && !ring_buffer_nr_threads())
		return;
	if (tracefs_dump(trace_path))
		fprintf(stderr, "ftrace: %s\n", tracefs_last_error());
}

static void trace_after_fork(void)
{
	ring_buffer_reset();
}

static int trace_file_write(const char *val)
{
	int fd;

	if (strlen(val) >= sizeof(trace_path)) {
		tracefs_error("trace: path too long");
		return -EINVAL;
	}
	if (*val) {
		/* empty it now: later writers (forked children) append */
		fd = open(val, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0) {
			tracefs_error("trace: cannot open '%s': %s", val,
				      strerror(errno));
			return -errno;
		}
		close(fd);
	}
	strcpy(trace_path, val);
	return 0;
}

static int trace_file_read(char *buf, size_t len)
{
	snprintf(buf, len, "%s\n", trace_path[0] ? trace_path : "(stderr)");
	return 0;
}

static struct tracefs_file trace_file = {
	"trace", trace_file_write, trace_file_read,
};

__attribute__((constructor(101))) static void trace_output_init(void)
{
	tracefs_register(&trace_file);
	/* registered first, so it runs after the program's own handlers */
	atexit(trace_dump_at_exit);
	pthread_atfork(NULL, NULL, trace_after_fork);
}
