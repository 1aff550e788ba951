// SPDX-License-Identifier: GPL-2.0
/*
 * Writing the trace out: the "trace" file.
 *
 * The kernel reads its buffers while tracing goes on; a user-space program
 * is its own only reader, so the trace is written once, when the program
 * exits (or when it calls tracefs_dump()).  Other threads may still be
 * recording meanwhile, so each buffer is first copied (snapshot_buffer()):
 * the header counts, and the body prints, exactly the entries of the
 * copies.  The copies are merged by time stamp and each entry is printed
 * by the printer registered for its type; entries of types the current
 * tracer does not print are left out (the buffers are reset when the tracer
 * changes, so these are only records that raced with the switch).
 *
 * Where it goes: FTRACE_TRACE names the file, resolved to an absolute path
 * at start-up.  The first process of a run empties it and marks the
 * environment (TRACE_STARTED_ENV); processes forked or exec'd from it find
 * the mark and append their own trace, under a lock, as the kernel's CPUs
 * share one trace.  Without a file the trace goes to the stderr the
 * program started with, kept at start-up on a descriptor of its own: by
 * exit, fd 2 may be something else.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/kcmp.h>
#include <asm/irqflags.h>
#include <linux/init.h>
#include <linux/hardirq.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/trace_output.h>
#include <linux/trace_spool.h>
#include <linux/tracefs.h>

#define TRACE_STARTED_ENV	"_FTRACE_TRACE_STARTED"

static char trace_path[PATH_MAX];
static int trace_stderr = -1;		/* the program's stderr at start */
static struct stat trace_stderr_st;

/* ---- printers ----------------------------------------------------------- */

static trace_print_fn printers[TRACE_NR_TYPES];
/* types every tracer prints, whatever its own (markers, losses) */
static unsigned int every_tracer_types = 1u << TRACE_LOST;

void register_trace_printer(enum trace_type type, trace_print_fn fn)
{
	printers[type] = fn;
}

void trace_print_with_every_tracer(enum trace_type type)
{
	every_tracer_types |= 1u << type;
}

static trace_text_fn texts[TRACE_NR_TYPES];

void register_trace_text(enum trace_type type, trace_text_fn fn)
{
	texts[type] = fn;
}

unsigned int trace_event_text(struct trace_buffer *b, unsigned long idx,
			      char *buf, size_t len)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];

	return e->type < TRACE_NR_TYPES && texts[e->type] ?
	       texts[e->type](b, idx, buf, len) : 0;
}

/*
 * irqs-off, need-resched, hardirq/softirq, preempt-depth.  A thread
 * cannot see the scheduler's wishes or disable preemption: those two
 * columns stay '.'.
 */
void trace_print_lat_fmt(FILE *f, unsigned int flags)
{
	char irq = '.';

	if (flags & TRACE_FLAG_NMI)
		irq = 'Z';		/* an NMI counts as hardirq too */
	else if (flags & TRACE_FLAG_HARDIRQ)
		irq = 'h';
	fprintf(f, "%c.%c.", flags & TRACE_FLAG_IRQS_OFF ? 'd' : '.', irq);
}

/* "            demo-1234    [001] ....   123.456789: " */
void trace_print_context(FILE *f, struct trace_buffer *b,
			 const struct trace_entry *e)
{
	uint64_t ns = trace_clock_to_ns(e->ts);

	fprintf(f, "%16s-%-7d [%03u] ", b->comm, b->tid, e->cpu);
	trace_print_lat_fmt(f, e->flags);
	fprintf(f, " %5llu.%06llu: ",
		(unsigned long long)(ns / 1000000000ull),
		(unsigned long long)(ns % 1000000000ull / 1000));
}

/* A legend line: '#', pad blanks, then the text (columns line up). */
static void legend(FILE *f, int pad, const char *text)
{
	fprintf(f, "#%*s%s\n", pad, "", text);
}

void trace_default_header(FILE *f, unsigned long entries,
			  unsigned long written)
{
	fprintf(f, "# entries-in-buffer/entries-written: %lu/%lu   #P:%ld\n",
		entries, written, sysconf(_SC_NPROCESSORS_ONLN));
	fprintf(f, "#\n");
	legend(f, 32, "_-----=> irqs-off");
	legend(f, 31, "/ _----=> need-resched");
	legend(f, 30, "| / _---=> hardirq/softirq");
	legend(f, 30, "|| / _--=> preempt-depth");
	legend(f, 30, "||| /     delay");
	legend(f, 11, "TASK-PID     CPU#  ||||   TIMESTAMP  FUNCTION");
	legend(f, 14, "| |         |   ||||      |         |");
}

static int printable(unsigned int types, unsigned int type)
{
	return type < TRACE_NR_TYPES && (types & (1u << type));
}

/* An entry in the buffer, not a payload slot nor a half-written one. */
static int is_entry(unsigned int type)
{
	return type != TRACE_UNUSED && type != TRACE_PAYLOAD &&
	       type < TRACE_NR_TYPES;
}

/* ---- the snapshot ------------------------------------------------------- */

struct trace_snapshot {
	struct trace_buffer buf;	/* entries: the copy; head: its end */
	unsigned long	pos;		/* next entry to print */
	unsigned long	entries;	/* printable entries in the copy */
	unsigned long	overrun;	/* entries lost to overwriting */
	int		told;		/* the loss said (tell_overrun()) */
};

/*
 * Copy what buffer i holds since the last reset
 * (ring_buffer_reset_readers()), or with printed since the trace file's
 * first part (ring_buffer_mark_printed()).  ring_buffer_snapshot() keeps
 * only complete entries of the right lap: a slot being written, or reused
 * by its owner while we copied, is TRACE_UNUSED in the copy.
 */
static int snapshot_buffer(int i, struct trace_snapshot *s,
			   unsigned int types, int printed)
{
	struct trace_buffer *b = ring_buffer_thread(i);
	unsigned long idx, all = 0;
	struct rb_window w;
	int ret;

	ret = ring_buffer_snapshot(b, &s->buf, printed);
	if (ret)
		return ret;
	ring_buffer_window(&s->buf, &w);
	s->pos = w.start;
	s->entries = 0;
	for (idx = w.start; idx < w.head; idx++) {
		unsigned int type = s->buf.entries[idx & s->buf.mask].type;

		if (is_entry(type))
			all++;
		if (printable(types, type))
			s->entries++;
	}
	s->overrun = ring_buffer_events_lost(&s->buf, &w, all);
	return 0;
}

static void snapshot_free(struct trace_snapshot *s)
{
	ring_buffer_snapshot_free(&s->buf);
}

/* Skip what the tracer does not print; the entry to print, or NULL. */
static struct trace_entry *snapshot_peek(struct trace_snapshot *s,
					 unsigned int types)
{
	unsigned long head = local_read(&s->buf.head);

	while (s->pos < head) {
		struct trace_entry *e = &s->buf.entries[s->pos & s->buf.mask];

		if (printable(types, e->type))
			return e;
		s->pos++;
	}
	return NULL;
}

/* The snapshot whose next entry is the oldest, or -1 when none. */
static int oldest_pending(struct trace_snapshot *snap, int n,
			  unsigned int types)
{
	uint64_t best_ts = 0;
	int i, best = -1;

	for (i = 0; i < n; i++) {
		struct trace_entry *e = snapshot_peek(&snap[i], types);

		if (!e)
			continue;
		/* the clock may wrap: compare differences */
		if (best < 0 || (int64_t)(e->ts - best_ts) < 0) {
			best = i;
			best_ts = e->ts;
		}
	}
	return best;
}

/*
 * Copies of every thread's buffer (printed: for the trace file, see
 * snapshot_buffer()); the number of copies, or -ENOMEM.
 */
static int snapshot_all(struct trace_snapshot **snapp, unsigned int types,
			int printed)
{
	struct trace_snapshot *snap;
	char name[32];
	int n, i, nr = 0;

	/* symbols first: their loading takes the loader's lock */
	ksym_name(0, name, sizeof(name));
	/* threads wait to claim or retire a buffer while we copy */
	ring_buffer_read_start();
	n = ring_buffer_nr_threads();
	snap = calloc(n > 0 ? n : 1, sizeof(*snap));
	if (!snap) {
		ring_buffer_read_end();
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		if (!snapshot_buffer(i, &snap[nr], types, printed))
			nr++;
	ring_buffer_read_end();
	*snapp = snap;
	return nr;
}

static void snapshot_free_all(struct trace_snapshot *snap, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		snapshot_free(&snap[i]);
	free(snap);
}

int trace_walk(FILE *f, unsigned int types, trace_print_fn fn)
{
	struct trace_snapshot *snap;
	int i, nr = snapshot_all(&snap, types, 0);

	if (nr < 0)
		return nr;
	while ((i = oldest_pending(snap, nr, types)) >= 0) {
		struct trace_snapshot *s = &snap[i];

		/* names as the objects were mapped when it was recorded */
		kallsyms_set_time(s->buf.entries[s->pos & s->buf.mask].ts);
		s->pos += fn(f, &s->buf, s->pos);
	}
	kallsyms_set_time(KSYM_NOW);
	snapshot_free_all(snap, nr);
	return 0;
}

static const char *dump_note;
/* this process wrote part of its trace before an exec that failed */
static int dump_goes_on;

void trace_set_dump_note(const char *note)
{
	dump_note = note;
}

/*
 * Under a header that does not count what was written (the graph
 * tracer's, as the kernel's; the rest of a trace after an exec that
 * failed), what the ring overwrote of a thread is said where the
 * thread's surviving events begin, in the kernel's words for lost
 * events.  A buffer without a ring says so itself (print_lost()).
 */
static void tell_overrun(FILE *f, struct trace_snapshot *s)
{
	s->told = 1;
	/* (the copy of a buffer without a ring is its one TRACE_LOST slot) */
	if (!s->overrun ||
	    (!s->buf.mask && s->buf.entries[0].type == TRACE_LOST))
		return;
	fprintf(f, "%16s-%-7d [LOST %lu EVENTS]\n", s->buf.comm, s->buf.tid,
		s->overrun);
}

static int print_trace(FILE *f)
{
	const struct tracer *t = trace_current();
	unsigned int types = (t ? t->print_types : 0) | every_tracer_types;
	struct trace_snapshot *snap;
	unsigned long in_buf = 0, written = 0;
	int i, nr = snapshot_all(&snap, types, 1);
	int counted = !dump_goes_on && !(t && t->print_header);

	if (nr < 0)
		return nr;
	if (dump_note)
		fprintf(f, "# %s\n", dump_note);
	for (i = 0; i < nr; i++) {
		in_buf += snap[i].entries;
		written += snap[i].entries + snap[i].overrun;
	}
	if (dump_goes_on) {
		/* the header went with the first part (trace_exec_failed()) */
		fprintf(f, "# pid %d goes on: its exec failed\n", getpid());
	} else {
		fprintf(f, "# tracer: %s\n#\n", t ? t->name : "nop");
		if (t && t->print_header)
			t->print_header(f, in_buf, written);
		else
			trace_default_header(f, in_buf, written);
	}

	/* k-way merge: the oldest pending entry of any thread goes next */
	while ((i = oldest_pending(snap, nr, types)) >= 0) {
		struct trace_snapshot *s = &snap[i];
		struct trace_entry *e = &s->buf.entries[s->pos & s->buf.mask];
		unsigned int used = 0;

		if (!counted && !s->told)
			tell_overrun(f, s);
		/* names as the objects were mapped when it was recorded */
		kallsyms_set_time(e->ts);
		if (t && t->print_line)
			used = t->print_line(f, &s->buf, s->pos);
		if (!used && printers[e->type])
			used = printers[e->type](f, &s->buf, s->pos);
		s->pos += used ? used : 1;
	}
	for (i = 0; i < nr && !counted; i++)
		if (!snap[i].told)
			tell_overrun(f, &snap[i]);
	kallsyms_set_time(KSYM_NOW);
	snapshot_free_all(snap, nr);
	return 0;
}

/* ---- where it goes ------------------------------------------------------ */

/* Our copy of the program's stderr, unless the program has replaced it. */
static int trace_stderr_dup(void)
{
	struct stat st;
	int fl;

	if (trace_stderr < 0)
		return -1;
	fl = fcntl(trace_stderr, F_GETFD);
	if (fl < 0 || !(fl & FD_CLOEXEC) || fstat(trace_stderr, &st) ||
	    st.st_dev != trace_stderr_st.st_dev ||
	    st.st_ino != trace_stderr_st.st_ino)
		return -1;
	return fcntl(trace_stderr, F_DUPFD_CLOEXEC, 3);
}

int tracefs_dump(const char *path)
{
	irqflags_t flags;
	int fd, ret;
	FILE *f;

	local_irq_save(flags);
	if (path && *path) {
		fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
			  0644);
		if (fd < 0) {
			ret = -errno;
			tracefs_error("trace: cannot open '%s': %s", path,
				      strerror(errno));
			local_irq_restore(flags);
			return ret;
		}
		flock(fd, LOCK_EX);
	} else {
		fd = trace_stderr_dup();
		if (fd < 0) {
			tracefs_error("trace: the program's stderr is gone");
			local_irq_restore(flags);
			return -EBADF;
		}
	}
	f = fdopen(fd, "a");
	if (!f) {
		ret = -errno;
		close(fd);
		local_irq_restore(flags);
		return ret;
	}
	trace_clock_calibrate();
	ret = print_trace(f);
	fclose(f);		/* also drops the lock */
	local_irq_restore(flags);
	return ret;
}

static void (*exit_writers[4])(void);

void trace_add_exit_writer(void (*fn)(void))
{
	unsigned int i;

	for (i = 0; i < sizeof(exit_writers) / sizeof(exit_writers[0]); i++) {
		if (!exit_writers[i]) {
			exit_writers[i] = fn;
			return;
		}
	}
}

static void trace_dump(void)
{
	unsigned int i;

	/* from here on nothing is recorded: the buffers are being read */
	tracing_on = 0;
	trace_clock_final();
	for (i = 0; i < sizeof(exit_writers) / sizeof(exit_writers[0]); i++)
		if (exit_writers[i])
			exit_writers[i]();
	/* a program that traced nothing and was given no trace file: quiet */
	if (!trace_path[0] && !ring_buffer_nr_threads()) {
		spool_exit();
		return;
	}
	if (tracefs_dump(trace_path) && trace_stderr >= 0)
		dprintf(trace_stderr, "ftrace: %s\n", tracefs_last_error());
	/* printed: the spool's copy is not a dead process's trace */
	spool_exit();
}

/* the last system calls come through traps (trace_dump_at_syscall()) */
static int dump_at_syscall, dump_waiting;

void trace_dump_at_syscall(void)
{
	dump_at_syscall = 1;
}

static void trace_dump_at_exit(void)
{
	if (dump_at_syscall)
		dump_waiting = 1;
	else
		trace_dump();
}

/*
 * The program's last destructor.  The loaded libraries' destructors come
 * after it (the dynamic loader's exit handler runs the program's, then
 * theirs); a handler registered now runs once that one has returned, as
 * exit() runs the handlers registered while it runs them: the trace is
 * written after every destructor.
 */
static __exit_last void trace_dump_after_destructors(void)
{
	if (atexit(trace_dump_at_exit))
		trace_dump_at_exit();
}

void trace_exit_group(void)
{
	if (dump_waiting) {
		dump_waiting = 0;
		trace_dump();
	}
}

/*
 * The process the buffers belong to: a child the C library's fork
 * handlers did not see (vfork(), or a raw clone) runs on its parent's
 * memory, buffers included.
 */
static pid_t trace_pid;

static void trace_pid_after_fork(void)
{
	trace_pid = getpid();
	dump_goes_on = 0;
}

/*
 * A child that no fork handler saw, with memory of its own (qemu-user
 * runs a vfork() as a fork(); or a raw clone() without CLONE_VM): its
 * buffers are a copy of its parent's, whose events the parent writes, and
 * its own since cannot be told from them.  They go with the image, and
 * the trace says so.  (kcmp() fails where it is refused: then nothing is
 * said, as for a vfork() child, which is the common case.)
 */
static void trace_exec_untold(void)
{
	pid_t pid = getpid();
	int fd;

	if (syscall(SYS_kcmp, pid, getppid(), KCMP_VM, 0, 0) <= 0)
		return;
	fd = trace_path[0] ? open(trace_path, O_WRONLY | O_APPEND |
				  O_CLOEXEC) : trace_stderr_dup();
	if (fd < 0)
		return;
	dprintf(fd, "# pid %d: a child with memory of its own that no fork "
		"handler saw: its events before its exec are not in the "
		"trace\n", (int)pid);
	close(fd);
}

/*
 * execve() replaces the image without running exit handlers, so the
 * trace is written before it, as at exit.  Not when a spool holds the
 * buffers: they outlive the image, and ftrace-run prints them with the
 * other processes that ended without exit().  Not from a vfork() child:
 * its records are its parent's (the same memory), which writes them at
 * its own exit, and writing them from the child would take locks the
 * parent's other threads may hold.  Not from a signal handler either (the
 * code it interrupted may hold them): its events go with the image.  A
 * fork() child that recorded nothing yet has no buffer to write.
 */
static int exec_tracing_on, exec_dumped;

static int trace_exec_dump(void)
{
	if (in_irq() || spool_in_use() || !ring_buffer_nr_threads())
		return 0;
	if (getpid() != trace_pid) {
		trace_exec_untold();
		return 0;
	}
	exec_tracing_on = __atomic_load_n(&tracing_on, __ATOMIC_RELAXED);
	trace_dump();
	return 1;
}

/*
 * The exec failed: record again, and write to the trace file later only
 * what comes after what was written, as the rest of the same trace.  The
 * exit writers (exports, stats, profile) write their files again, from
 * everything recorded: they replace what they wrote at the exec.
 */
void trace_exec_failed(void)
{
	ring_buffer_mark_printed();
	dump_goes_on = 1;
	__atomic_store_n(&tracing_on, exec_tracing_on, __ATOMIC_RELAXED);
}

int trace_dump_at_exec(void)
{
	/* the system call's trap writes it, after the call's entry event */
	if (dump_at_syscall)
		return 0;
	return trace_exec_dump();
}

void trace_execve(void)
{
	exec_dumped = trace_exec_dump();
}

void trace_execve_failed(void)
{
	if (exec_dumped) {
		exec_dumped = 0;
		trace_exec_failed();
	}
}

static int trace_file_write(const char *val)
{
	const char *started = getenv(TRACE_STARTED_ENV);
	char abs[PATH_MAX];
	int fd, n;

	if (!*val) {
		trace_path[0] = 0;
		return 0;
	}
	/* a program may chdir() before it exits: fix the path now */
	if (val[0] == '/')
		n = snprintf(abs, sizeof(abs), "%s", val);
	else if (getcwd(abs, sizeof(abs)))
		n = snprintf(abs + strlen(abs), sizeof(abs) - strlen(abs),
			     "/%s", val) + strlen(abs);
	else
		n = sizeof(abs);
	if (n >= (int)sizeof(abs)) {
		tracefs_error("trace: path too long");
		return -EINVAL;
	}
	/* only the first process of a run empties it; the others append */
	fd = open(abs, O_WRONLY | O_CREAT | O_CLOEXEC |
		  (started && !strcmp(started, abs) ? O_APPEND : O_TRUNC),
		  0644);
	if (fd < 0) {
		n = -errno;
		tracefs_error("trace: cannot open '%s': %s", val,
			      strerror(errno));
		return n;
	}
	close(fd);
	strcpy(trace_path, abs);
	if (!started || strcmp(started, abs))
		setenv(TRACE_STARTED_ENV, abs, 1);
	/* exec'd programs that run elsewhere find the same file */
	if (getenv("FTRACE_TRACE"))
		setenv("FTRACE_TRACE", abs, 1);
	return 0;
}

static int trace_file_read(char *buf, size_t len)
{
	snprintf(buf, len, "%s\n", trace_path[0] ? trace_path : "(stderr)");
	return 0;
}

/*
 * A thread that recorded without a ring (RB_MAX_LIVE threads held one, or
 * its trace was dropped to bound memory): the kernel's line for lost
 * events, naming the thread as every line of the trace does.
 */
static unsigned int print_lost(FILE *f, struct trace_buffer *b,
			       unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];

	fprintf(f, "%16s-%-7d [LOST %llu EVENTS]\n", b->comm, b->tid,
		(unsigned long long)e->arg);
	return 1;
}

static struct tracefs_file trace_file = {
	"trace", trace_file_write, trace_file_read,
};

static __init_core void trace_output_init(void)
{
	tracefs_register(&trace_file);
	register_trace_printer(TRACE_LOST, print_lost);
	/* a high descriptor, out of the way of the program's own */
	trace_stderr = fcntl(2, F_DUPFD_CLOEXEC, 256);
	if (trace_stderr < 0)
		trace_stderr = fcntl(2, F_DUPFD_CLOEXEC, 3);
	if (trace_stderr >= 0 && fstat(trace_stderr, &trace_stderr_st)) {
		close(trace_stderr);
		trace_stderr = -1;
	}
	trace_pid = getpid();
	pthread_atfork(NULL, NULL, trace_pid_after_fork);
}
