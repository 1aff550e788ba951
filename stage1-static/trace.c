// SPDX-License-Identifier: GPL-2.0
/*
 * Tracers and the settings that mirror tracefs files.
 *
 * A setting is a struct tracefs_file with a write() and a read(); each
 * chapter registers its own files (chapter 2 adds set_graph_function, ...).
 * At start-up, FTRACE_<FILE> environment variables are written to them;
 * at run time the program may call tracefs_write().  A setting that is
 * rejected at start-up ends the program before main() with a one-line
 * error: tracing with settings other than the ones asked for would give a
 * trace that silently answers a different question.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <asm/irqflags.h>
#include <tracefs.h>
#include "trace.h"

int tracing_on = 1;
unsigned long trace_flags;

static pthread_mutex_t trace_types_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tracer *trace_types;
static struct tracer *cur_tracer;
static struct tracefs_file *tracefs_files;
static char last_error[256];

void tracefs_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_error, sizeof(last_error), fmt, ap);
	va_end(ap);
}

const char *tracefs_last_error(void)
{
	return last_error;
}

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
	if (t != cur_tracer) {
		if (cur_tracer && cur_tracer->reset)
			cur_tracer->reset();
		cur_tracer = t;
		if (t->init)
			ret = t->init();
		if (ret) {
			tracefs_error("current_tracer: %s failed to start: %s",
				      t->name, strerror(-ret));
			cur_tracer = NULL;
		}
	}
	pthread_mutex_unlock(&trace_types_lock);
	return ret;
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

int tracefs_parse_ulong(const char *file, const char *val,
			unsigned long *out)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(val, &end, 10);
	if (errno || end == val || *end || val[0] == '-') {
		tracefs_error("%s: '%s' is not a number", file, val);
		return -EINVAL;
	}
	*out = v;		/* only a valid value replaces the old one */
	return 0;
}

static int tracing_on_write(const char *val)
{
	if (strcmp(val, "0") && strcmp(val, "1")) {
		tracefs_error("tracing_on: expected 0 or 1, got '%s'", val);
		return -EINVAL;
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

int tracefs_next_word(const char **p, char *word, size_t size)
{
	size_t n;

	*p += strspn(*p, " ,\t\n");
	n = strcspn(*p, " ,\t\n");
	if (!n)
		return 0;
	if (n >= size) {
		*p += n;
		return -E2BIG;
	}
	memcpy(word, *p, n);
	word[n] = 0;
	*p += n;
	return 1;
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
		size_t i;

		if (ret < 0) {
			tracefs_error("trace_options: option name too long");
			return -EINVAL;
		}
		if (!strncmp(word, "no", 2)) {
			clear = 1;
			name += 2;
		}
		for (i = 0;
		     i < sizeof(trace_options) / sizeof(trace_options[0]); i++)
			if (!strcmp(trace_options[i].name, name))
				break;
		if (i == sizeof(trace_options) / sizeof(trace_options[0])) {
			tracefs_error("trace_options: unknown option '%s'",
				      word);
			return -EINVAL;
		}
		if (clear)
			set &= ~trace_options[i].bit;
		else
			set |= trace_options[i].bit;
	}
	__atomic_store_n(&trace_flags, set, __ATOMIC_RELAXED);
	return 0;
}

static int trace_options_read(char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < sizeof(trace_options) / sizeof(trace_options[0]) &&
		    n < len; i++)
		n += snprintf(buf + n, len - n, "%s%s\n",
			      trace_flags & trace_options[i].bit ? "" : "no",
			      trace_options[i].name);
	return 0;
}

/* ---- tracefs emulation --------------------------------------------------- */

void tracefs_register(struct tracefs_file *f)
{
	struct tracefs_file **p = &tracefs_files;

	while (*p)
		p = &(*p)->next;
	*p = f;
}

static struct tracefs_file *tracefs_find(const char *name)
{
	struct tracefs_file *f;

	for (f = tracefs_files; f; f = f->next)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

int tracefs_write(const char *file, const char *value)
{
	struct tracefs_file *f = file ? tracefs_find(file) : NULL;
	char val[1024];
	size_t n;

	if (!f || !f->write) {
		tracefs_error("%s: no such setting%s", file ? file : "(null)",
			      f ? " to write" : "");
		return -ENOENT;
	}
	/* like "echo x > file": a trailing newline is not part of it */
	n = strlen(value);
	if (n >= sizeof(val)) {
		tracefs_error("%s: value too long", file);
		return -EINVAL;
	}
	memcpy(val, value, n + 1);
	while (n && val[n - 1] == '\n')
		val[--n] = 0;
	return f->write(val);
}

int tracefs_read(const char *file, char *buf, size_t len)
{
	struct tracefs_file *f = file ? tracefs_find(file) : NULL;

	if (!f || !f->read) {
		tracefs_error("%s: no such setting to read",
			      file ? file : "(null)");
		return -ENOENT;
	}
	if (!buf || !len)
		return -EINVAL;
	return f->read(buf, len);
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

/* ---- the nop tracer ------------------------------------------------------ */

static struct tracer nop_tracer = {
	.name = "nop",
};

/*
 * Tracers and files register at priority 101, so that every chapter's
 * files exist when the environment is read at 102.
 */
__attribute__((constructor(101))) static void trace_core_register(void)
{
	size_t i;

	register_tracer(&nop_tracer);
	for (i = 0; i < sizeof(trace_files) / sizeof(trace_files[0]); i++)
		tracefs_register(&trace_files[i]);
	cur_tracer = &nop_tracer;
}

/* FTRACE_CURRENT_TRACER -> current_tracer */
static const char *env_name(const char *file, char *buf, size_t len)
{
	size_t i;

	snprintf(buf, len, "FTRACE_%s", file);
	for (i = 7; buf[i]; i++)
		buf[i] = toupper((unsigned char)buf[i]);
	return buf;
}

static void env_fail(void)
{
	fprintf(stderr, "ftrace: %s\n", last_error);
	_exit(2);
}

extern char **environ;

/*
 * current_tracer is applied last, when every setting it may read at init
 * (filters, options) is already in place.
 */
__attribute__((constructor(102))) static void trace_env_init(void)
{
	struct tracefs_file *f;
	char name[96];
	char **e;

	for (e = environ; *e; e++) {
		if (strncmp(*e, "FTRACE_", 7))
			continue;
		for (f = tracefs_files; f; f = f->next) {
			size_t n = strlen(env_name(f->name, name,
						   sizeof(name)));

			if (!strncmp(*e, name, n) && (*e)[n] == '=')
				break;
		}
		if (!f || !f->write) {
			size_t n = strcspn(*e, "=");

			tracefs_error("%.*s: no such setting (the files are:"
				      " current_tracer, tracing_on, "
				      "trace_options, trace, ...)", (int)n, *e);
			env_fail();
		}
	}
	for (f = tracefs_files; f; f = f->next) {
		const char *v;

		if (!f->write || !strcmp(f->name, "current_tracer"))
			continue;
		v = getenv(env_name(f->name, name, sizeof(name)));
		if (v && tracefs_write(f->name, v))
			env_fail();
	}
	trace_clock_init();
	{
		const char *v = getenv("FTRACE_CURRENT_TRACER");

		if (v && tracefs_write("current_tracer", v))
			env_fail();
	}
}
