// SPDX-License-Identifier: GPL-2.0
/*
 * Tracers and the core files: current_tracer, available_tracers,
 * tracing_on, trace_options and buffer_size_kb (tracefs.c is the file
 * system they live in).
 */
#include <errno.h>
#include <string.h>
#include <pthread.h>
#include <linux/fork_lock.h>
#include <linux/init.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_spool.h>
#include <linux/tracefs.h>

int tracing_on = 1;
unsigned long trace_flags;

static pthread_mutex_t trace_types_lock = PTHREAD_MUTEX_INITIALIZER;

/* The nop tracer records nothing: its trace is the bare header. */
static struct tracer nop_tracer = {
	.name = "nop",
};
/* registered in the order they come; nop first, and the default */
static struct tracer *trace_types = &nop_tracer;
static struct tracer *cur_tracer = &nop_tracer;
/* ---- tracers ------------------------------------------------------------ */

int register_tracer(struct tracer *t)
{
	struct tracer **p = &trace_types;

	/* keep registration order for listing */
	while (*p)
		p = &(*p)->next;
	*p = t;
	return 0;
}

/*
 * Stop the current tracer, start t; with trace_types_lock held.  A switch
 * is all or nothing: if the old tracer cannot stop (its code cannot be
 * changed now, chapter 4), it stays; if t cannot start, the old one is
 * started again (nop if even that fails).  Either way current_tracer
 * names the tracer whose callbacks the code calls, and the same switch
 * works once the obstacle is gone.
 */
static int tracer_switch(struct tracer *t)
{
	struct tracer *old = cur_tracer;
	int ret = 0;

	tracefs_error("%s", "");
	if (old->reset)
		ret = old->reset();
	if (ret) {
		tracefs_error("current_tracer: %s could not stop: %s; it is "
			      "still the tracer", old->name, tracefs_why(ret));
		return ret;
	}
	/*
	 * As the kernel's tracer_init(): the new tracer starts with empty
	 * buffers, so a trace is never printed in two formats.
	 */
	ring_buffer_reset_readers();
	if (t->init)
		ret = t->init();
	if (ret) {
		const char *name = t->name;
		char why[200];

		snprintf(why, sizeof(why), "%s", tracefs_why(ret));
		t = old;
		if (old->init && old->init())
			t = &nop_tracer;
		tracefs_error("current_tracer: %s failed to start: %s%s%s",
			      name, why, t == old ? "" : "; the tracer is ",
			      t == old ? "" : t->name);
	}
	__atomic_store_n(&cur_tracer, t, __ATOMIC_RELEASE);
	spool_set_tracer(t->name);
	return ret;
}

static int current_tracer_write(const char *val)
{
	struct tracer *t;
	int ret = 0;

	for (t = trace_types; t; t = t->next)
		if (!strcmp(t->name, val))
			break;
	if (!t) {
		char avail[128] = "";

		for (t = trace_types; t; t = t->next) {
			strncat(avail, " ", sizeof(avail) - strlen(avail) - 1);
			strncat(avail, t->name,
				sizeof(avail) - strlen(avail) - 1);
		}
		tracefs_error("current_tracer: unknown tracer '%s' "
			      "(available:%s)", val, avail);
		return -EINVAL;
	}
	pthread_mutex_lock(&trace_types_lock);
	if (t != cur_tracer)
		ret = tracer_switch(t);
	pthread_mutex_unlock(&trace_types_lock);
	return ret;
}

/*
 * A reader of a dead process's spool prints with its tracer, which is
 * not started: nothing is recorded or patched.
 */
int trace_set_reader(const char *name)
{
	struct tracer *t;

	for (t = trace_types; t; t = t->next) {
		if (!strcmp(t->name, name)) {
			cur_tracer = t;
			return 0;
		}
	}
	return -ENOENT;
}

const struct tracer *trace_current(void)
{
	return __atomic_load_n(&cur_tracer, __ATOMIC_ACQUIRE);
}

static int current_tracer_read(char *buf, size_t len)
{
	snprintf(buf, len, "%s\n", cur_tracer ? cur_tracer->name : "nop");
	return 0;
}

static int available_tracers_read(char *buf, size_t len)
{
	struct tracer *t;
	size_t n = 0;

	buf[0] = 0;
	for (t = trace_types; t && n < len; t = t->next)
		n += snprintf(buf + n, len - n, "%s%s", t->name,
			      t->next ? " " : "\n");
	return 0;
}

/* ---- simple files -------------------------------------------------------- */

static const char *tracing_stopped;	/* tracing_off_for_good()'s why */

void tracing_off_for_good(const char *why)
{
	tracing_stopped = why;
	__atomic_store_n(&tracing_on, 0, __ATOMIC_RELAXED);
}

static int tracing_on_write(const char *val)
{
	if (strcmp(val, "0") && strcmp(val, "1")) {
		tracefs_error("tracing_on: expected 0 or 1, got '%s'", val);
		return -EINVAL;
	}
	if (tracing_stopped && val[0] == '1') {
		tracefs_error("tracing_on: tracing stopped for good: %s",
			      tracing_stopped);
		return -EPERM;
	}
	__atomic_store_n(&tracing_on, val[0] == '1', __ATOMIC_RELAXED);
	return 0;
}

static int tracing_on_read(char *buf, size_t len)
{
	snprintf(buf, len, "%d\n", tracing_on);
	return 0;
}

static int buffer_size_kb_write(const char *val)
{
	unsigned long kb;
	int ret = tracefs_parse_ulong("buffer_size_kb", val, &kb);

	if (ret)
		return ret;
	ret = ring_buffer_set_size_kb(kb);
	if (ret == -EBUSY)
		tracefs_error("buffer_size_kb: can only be set before "
			      "anything is traced");
	else if (ret)
		tracefs_error("buffer_size_kb: %lu out of range", kb);
	return ret;
}

static int buffer_size_kb_read(char *buf, size_t len)
{
	snprintf(buf, len, "%lu\n", ring_buffer_size_kb());
	return 0;
}

/* ---- trace_options ------------------------------------------------------- */

static const struct {
	const char	*name;
	unsigned long	bit;
} trace_options[] = {
	{ "func_stack_trace", TRACE_ITER_FUNC_STACK_TRACE },
};
#define NR_CORE_OPTIONS	(sizeof(trace_options) / sizeof(trace_options[0]))

static struct trace_option *tracer_options;

void register_trace_option(struct trace_option *opt)
{
	struct trace_option **p = &tracer_options;

	while (*p)
		p = &(*p)->next;
	*p = opt;
}

/* Set or clear an option by name; 0 if there is no such option. */
static int trace_option_set(const char *name, int clear, unsigned long *core)
{
	struct trace_option *o;
	size_t i;

	fork_lock_register(&trace_types_lock, FORK_LOCK_TRACER, NULL);
	for (i = 0; i < NR_CORE_OPTIONS; i++) {
		if (!strcmp(trace_options[i].name, name)) {
			if (clear)
				*core &= ~trace_options[i].bit;
			else
				*core |= trace_options[i].bit;
			return 1;
		}
	}
	for (o = tracer_options; o; o = o->next) {
		if (!strcmp(o->name, name)) {
			if (clear)
				__atomic_and_fetch(o->flags, ~o->bit,
						   __ATOMIC_RELAXED);
			else
				__atomic_or_fetch(o->flags, o->bit,
						  __ATOMIC_RELAXED);
			if (o->changed)
				o->changed();
			return 1;
		}
	}
	return 0;
}

/* "opt", "noopt", several separated by blanks or commas */
static int trace_options_write(const char *val)
{
	unsigned long set = trace_flags;
	char word[64];
	int ret;

	while ((ret = tracefs_next_word(&val, word, sizeof(word))) != 0) {
		const char *name = word;
		int clear = 0;

		if (ret < 0) {
			tracefs_error("trace_options: option name too long");
			return -EINVAL;
		}
		if (!strncmp(word, "no", 2)) {
			clear = 1;
			name += 2;
		}
		if (!trace_option_set(name, clear, &set)) {
			tracefs_error("trace_options: unknown option '%s'",
				      word);
			return -EINVAL;
		}
	}
	__atomic_store_n(&trace_flags, set, __ATOMIC_RELAXED);
	return 0;
}

static int trace_options_read(char *buf, size_t len)
{
	struct trace_option *o;
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < NR_CORE_OPTIONS && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%s\n",
			      trace_flags & trace_options[i].bit ? "" : "no",
			      trace_options[i].name);
	for (o = tracer_options; o && n < len; o = o->next)
		n += snprintf(buf + n, len - n, "%s%s\n",
			      *o->flags & o->bit ? "" : "no", o->name);
	return 0;
}

static struct tracefs_file trace_files[] = {
	{ "current_tracer", current_tracer_write, current_tracer_read },
	{ "available_tracers", NULL, available_tracers_read },
	{ "tracing_on", tracing_on_write, tracing_on_read },
	{ "trace_options", trace_options_write, trace_options_read },
	/* the kernel's options/ directory, flattened: FTRACE_OPTIONS */
	{ "options", trace_options_write, trace_options_read },
	{ "buffer_size_kb", buffer_size_kb_write, buffer_size_kb_read },
};

/*
 * Tracers and files register at __init_core, so that every chapter's
 * files exist when the environment is read (__init_settings).
 */
static __init_core void trace_core_register(void)
{
	size_t i;

	fork_lock_register(&trace_types_lock, FORK_LOCK_TRACER, NULL);
	for (i = 0; i < sizeof(trace_files) / sizeof(trace_files[0]); i++)
		tracefs_register(&trace_files[i]);
}

