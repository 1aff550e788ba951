// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph trace in the formats the common viewers read, written
 * by the traced program itself when it exits, next to the trace:
 *
 *   trace_chrome  a Chrome trace-event JSON file (Perfetto UI,
 *                 chrome://tracing): one complete event ("ph":"X") per
 *                 call, ts and dur in microseconds, one track per thread
 *                 (thread names as "M" metadata events), each trace_marker
 *                 text an instant event ("ph":"i").
 *   trace_folded  folded stacks (flamegraph.pl, inferno, speedscope): one
 *                 "main;parent;heavy 1234" line per distinct call chain,
 *                 sorted, weighted by the nanoseconds spent in the last
 *                 function itself (its self time, children excluded).
 *
 * Both take a call's times from its return record the same way: start =
 * the entry stamp in ns, duration = the return stamp in ns less start; a
 * self time is the duration less its children's durations.  So the two
 * files agree to the nanosecond.
 *
 * Why the program writes them, not a host tool reading a saved trace: on a
 * qemu target the program already has everything (symbols, the clock's
 * scale, the records in binary), while the text trace would need a second
 * parser on the host, for every option that changes its columns.  The
 * files are read from copies of the buffers, exactly as the trace file is.
 *
 * Both need the records of the function_graph tracer.  A call is one
 * return record (it carries its entry time); a call still running at exit
 * has no return and is left out, as its duration is unknown.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/trace_marker.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>

struct export_file {
	const char	*name;
	char		path[PATH_MAX];
	pid_t		pid;	/* only the process that named it */
};

static struct export_file chrome = { "trace_chrome" };
static struct export_file folded = { "trace_folded" };

static int export_write(struct export_file *x, const char *val)
{
	char env[64];
	FILE *f;

	if (!*val) {
		x->path[0] = 0;
		return 0;
	}
	f = fopen(val, "w");
	if (!f) {
		int ret = -errno;

		tracefs_error("%s: cannot open '%s': %s", x->name, val,
			      strerror(errno));
		return ret;
	}
	fclose(f);
	if (!realpath(val, x->path))
		snprintf(x->path, sizeof(x->path), "%s", val);
	x->pid = getpid();
	/* a program this one execs would overwrite it */
	snprintf(env, sizeof(env), "FTRACE_%s", x->name);
	for (char *p = env; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p -= 'a' - 'A';
	unsetenv(env);
	return 0;
}

static int export_read(struct export_file *x, char *buf, size_t len)
{
	snprintf(buf, len, "%s\n", x->path[0] ? x->path : "(none)");
	return 0;
}

static int chrome_write(const char *v) { return export_write(&chrome, v); }
static int folded_write(const char *v) { return export_write(&folded, v); }
static int chrome_read(char *b, size_t l) { return export_read(&chrome, b, l); }
static int folded_read(char *b, size_t l) { return export_read(&folded, b, l); }

/* ---- Chrome trace events ------------------------------------------------ */

static pid_t export_pid;
static int chrome_first;

/* A JSON string: quotes, backslashes and control characters escaped. */
static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* microseconds with the nanoseconds as 3 decimals */
static void json_us(FILE *f, const char *key, uint64_t ns)
{
	fprintf(f, ",\"%s\":%llu.%03llu", key,
		(unsigned long long)(ns / 1000),
		(unsigned long long)(ns % 1000));
}

static void chrome_event(FILE *f, const char *ph, const char *name,
			 pid_t tid)
{
	fprintf(f, "%s\n{\"ph\":\"%s\",\"name\":", chrome_first ? "" : ",",
		ph);
	chrome_first = 0;
	json_string(f, name);
	fprintf(f, ",\"pid\":%d,\"tid\":%d", export_pid, tid);
}

/*
 * The events are collected first and written in order of their start,
 * a caller before its callees: viewers stack complete events that start
 * at the same time in the order they come, so a parent written after its
 * child (as returns come) could land below it.
 */
struct chrome_ev {
	uint64_t	start, dur;	/* ns */
	unsigned long	ip;		/* a call; 0: a marker */
	char		*text;		/* a marker's text */
	pid_t		tid;
	unsigned long	seq;		/* ties keep the buffer's order */
};

static struct chrome_ev *chrome_evs;
static unsigned long nr_chrome_evs, max_chrome_evs;

static struct chrome_ev *chrome_add(void)
{
	if (nr_chrome_evs == max_chrome_evs) {
		unsigned long n = max_chrome_evs ? 2 * max_chrome_evs : 1024;
		struct chrome_ev *p = realloc(chrome_evs, n * sizeof(*p));

		if (!p)
			return NULL;
		chrome_evs = p;
		max_chrome_evs = n;
	}
	chrome_evs[nr_chrome_evs].seq = nr_chrome_evs;
	return &chrome_evs[nr_chrome_evs++];
}

static unsigned int chrome_entry(FILE *f, struct trace_buffer *b,
				 unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	char text[TRACE_MARKER_MAX + 1];
	unsigned int used = 1;
	struct chrome_ev *ev;

	if (e->type == TRACE_PRINT)
		used = trace_marker_text(b, idx, text, sizeof(text));
	/* an entry is an event of its own only as a leaf's one record */
	if (e->type == TRACE_GRAPH_ENT && !e->arg)
		return used;
	ev = chrome_add();
	if (!ev)
		return used;
	ev->tid = b->tid;
	if (e->type == TRACE_GRAPH_RET) {
		ev->start = trace_clock_to_ns(e->arg);
		ev->dur = trace_clock_to_ns(e->ts) - ev->start;
		ev->ip = e->ip;
		ev->text = NULL;
	} else if (e->type == TRACE_GRAPH_ENT) {
		/* a leaf's one record: the return time in arg */
		ev->start = trace_clock_to_ns(e->ts);
		ev->dur = trace_clock_to_ns(e->arg) - ev->start;
		ev->ip = e->ip;
		ev->text = NULL;
	} else {
		ev->start = trace_clock_to_ns(e->ts);
		ev->dur = 0;
		ev->ip = 0;
		ev->text = strdup(text);
	}
	return used;
}

/* by start; the longer first (the caller); then as recorded */
static int chrome_cmp(const void *a, const void *b)
{
	const struct chrome_ev *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->dur != y->dur)
		return x->dur > y->dur ? -1 : 1;
	return x->seq < y->seq ? -1 : 1;
}

static void write_chrome(FILE *f)
{
	int i, n = ring_buffer_nr_threads();
	unsigned long k;

	export_pid = getpid();
	chrome_first = 1;
	fprintf(f, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
	chrome_event(f, "M", "process_name", export_pid);
	fprintf(f, ",\"args\":{\"name\":");
	json_string(f, program_invocation_short_name);
	fprintf(f, "}}");
	for (i = 0; i < n; i++) {
		struct trace_buffer *b = ring_buffer_thread(i);

		chrome_event(f, "M", "thread_name", b->tid);
		fprintf(f, ",\"args\":{\"name\":");
		json_string(f, b->comm);
		fprintf(f, "}}");
	}
	nr_chrome_evs = 0;
	trace_walk(f, 1u << TRACE_GRAPH_ENT | 1u << TRACE_GRAPH_RET |
		   1u << TRACE_PRINT, chrome_entry);
	qsort(chrome_evs, nr_chrome_evs, sizeof(*chrome_evs), chrome_cmp);
	for (k = 0; k < nr_chrome_evs; k++) {
		struct chrome_ev *ev = &chrome_evs[k];
		char name[KSYM_NAME_LEN];

		if (ev->ip) {
			chrome_event(f, "X", ksym_name(ev->ip, name,
							 sizeof(name)),
				     ev->tid);
			fprintf(f, ",\"cat\":\"function\"");
			json_us(f, "ts", ev->start);
			json_us(f, "dur", ev->dur);
		} else {
			chrome_event(f, "i", ev->text ? ev->text : "",
				     ev->tid);
			fprintf(f, ",\"cat\":\"trace_marker\",\"s\":\"t\"");
			json_us(f, "ts", ev->start);
			free(ev->text);
		}
		fprintf(f, "}");
	}
	free(chrome_evs);
	chrome_evs = NULL;
	max_chrome_evs = nr_chrome_evs = 0;
	fprintf(f, "\n]}\n");
}

/* ---- folded stacks ------------------------------------------------------ */

/*
 * Per thread while walking: the function entered at each depth and the
 * nanoseconds its returned children took.  Distinct chains are summed in
 * a hash table of their text.  (Depths start above 0 in a coroutine that
 * nests under the frame that switched to it: fgraph.c.)
 */
#define FOLDED_DEPTH	(8 * FTRACE_RETFUNC_DEPTH)

struct folded_thread {
	pid_t		tid;
	unsigned long	func[FOLDED_DEPTH];
	uint64_t	children[FOLDED_DEPTH];
};

struct folded_stack {
	char		*text;
	uint64_t	self;		/* ns */
	struct folded_stack *next;
};

#define FOLDED_HASH	1024
static struct folded_stack *folded_hash[FOLDED_HASH];
static struct folded_thread *fthreads;
static int nr_fthreads;

static struct folded_thread *folded_thread(pid_t tid)
{
	int i;

	for (i = 0; i < nr_fthreads; i++)
		if (fthreads[i].tid == tid)
			return &fthreads[i];
	return NULL;
}

static void folded_add(const char *text, uint64_t self)
{
	unsigned long h = 5381;
	struct folded_stack *s;
	const char *p;

	for (p = text; *p; p++)
		h = h * 33 + (unsigned char)*p;
	for (s = folded_hash[h % FOLDED_HASH]; s; s = s->next) {
		if (!strcmp(s->text, text)) {
			s->self += self;
			return;
		}
	}
	s = malloc(sizeof(*s));
	if (!s || !(s->text = strdup(text))) {
		free(s);
		return;
	}
	s->self = self;
	s->next = folded_hash[h % FOLDED_HASH];
	folded_hash[h % FOLDED_HASH] = s;
}

static unsigned int folded_entry(FILE *f, struct trace_buffer *b,
				 unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	struct folded_thread *t = folded_thread(b->tid);
	char chain[4096], name[64];
	uint64_t dur, self;
	size_t n = 0;
	int d = e->depth, i;

	if (!t || d >= FOLDED_DEPTH)
		return 1;
	if (e->type == TRACE_GRAPH_ENT) {
		t->func[d] = e->ip;
		t->children[d] = 0;
		if (!e->arg)
			return 1;
		/* a leaf's one record: the return time in arg */
		dur = trace_clock_to_ns(e->arg) - trace_clock_to_ns(e->ts);
	} else {
		dur = trace_clock_to_ns(e->ts) - trace_clock_to_ns(e->arg);
	}
	/* a return: its own time is its duration less its children's */
	self = dur > t->children[d] ? dur - t->children[d] : 0;
	t->children[d] = 0;
	if (d > 0)
		t->children[d - 1] += dur;
	t->func[d] = e->ip;
	for (i = 0; i <= d && n < sizeof(chain) - 1; i++) {
		const char *s = t->func[i] ?
			ksym_name(t->func[i], name, sizeof(name)) : "[unknown]";

		n += snprintf(chain + n, sizeof(chain) - n, "%s%s",
			      i ? ";" : "", s);
	}
	t->func[d] = 0;
	folded_add(chain, self);
	return 1;
}

static int folded_cmp(const void *a, const void *b)
{
	const struct folded_stack *const *x = a, *const *y = b;

	return strcmp((*x)->text, (*y)->text);
}

/*
 * Sorted by chain, as flamegraph.pl's stackcollapse tools write them: a
 * viewer that keeps the file's order (speedscope's time order) then shows
 * one chain in one piece.
 */
static void write_folded(FILE *f)
{
	struct folded_stack **all = NULL, *s, *next;
	size_t nr = 0, max = 0, k;
	int i, n = ring_buffer_nr_threads();

	fthreads = calloc(n > 0 ? n : 1, sizeof(*fthreads));
	if (!fthreads)
		return;
	for (i = 0; i < n; i++)
		fthreads[i].tid = ring_buffer_thread(i)->tid;
	nr_fthreads = n;
	trace_walk(f, 1u << TRACE_GRAPH_ENT | 1u << TRACE_GRAPH_RET,
		   folded_entry);
	for (i = 0; i < FOLDED_HASH; i++) {
		for (s = folded_hash[i]; s; s = next) {
			next = s->next;
			if (nr == max) {
				size_t m = max ? 2 * max : 256;
				struct folded_stack **p =
					realloc(all, m * sizeof(*p));

				if (!p) {
					fprintf(stderr, "ftrace: trace_folded:"
						" out of memory\n");
					break;
				}
				all = p;
				max = m;
			}
			all[nr++] = s;
		}
		folded_hash[i] = NULL;
	}
	qsort(all, nr, sizeof(*all), folded_cmp);
	for (k = 0; k < nr; k++) {
		fprintf(f, "%s %llu\n", all[k]->text,
			(unsigned long long)all[k]->self);
		free(all[k]->text);
		free(all[k]);
	}
	free(all);
	free(fthreads);
	fthreads = NULL;
}

/* ---- at exit ------------------------------------------------------------ */

static void export_one(struct export_file *x, void (*writer)(FILE *f))
{
	const struct tracer *t = trace_current();
	FILE *f;

	if (!x->path[0] || x->pid != getpid())
		return;
	if (!t || strcmp(t->name, "function_graph")) {
		fprintf(stderr, "ftrace: %s: needs the function_graph tracer "
			"(current_tracer is %s); nothing written\n", x->name,
			t ? t->name : "nop");
		return;
	}
	f = fopen(x->path, "w");
	if (!f) {
		fprintf(stderr, "ftrace: %s: cannot write '%s': %s\n",
			x->name, x->path, strerror(errno));
		return;
	}
	trace_clock_calibrate();
	writer(f);
	fclose(f);
}

static void export_at_exit(void)
{
	export_one(&chrome, write_chrome);
	export_one(&folded, write_folded);
}

static struct tracefs_file export_files[] = {
	{ "trace_chrome", chrome_write, chrome_read },
	{ "trace_folded", folded_write, folded_read },
};

static __init_core void trace_export_register(void)
{
	tracefs_register(&export_files[0]);
	tracefs_register(&export_files[1]);
	trace_add_exit_writer(export_at_exit);
}
