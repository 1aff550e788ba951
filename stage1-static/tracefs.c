// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs emulation: the settings that mirror tracefs files.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/tracefs.h>

static struct tracefs_file *tracefs_files;
static char last_error[256];

/* (an argument may be the last error itself: tracefs_why()) */
void tracefs_error(const char *fmt, ...)
{
	char msg[sizeof(last_error)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	memcpy(last_error, msg, sizeof(msg));
}

const char *tracefs_why(int err)
{
	return last_error[0] ? last_error : strerror(-err);
}

const char *tracefs_last_error(void)
{
	return last_error;
}

void tracefs_register(struct tracefs_file *f)
{
	struct tracefs_file **p = &tracefs_files;

	while (*p)
		p = &(*p)->next;
	*p = f;
}

static struct tracefs_dir *tracefs_dirs;

void tracefs_register_dir(struct tracefs_dir *d)
{
	d->next = tracefs_dirs;
	tracefs_dirs = d;
}

static struct tracefs_dir *tracefs_find_dir(const char *name)
{
	struct tracefs_dir *d;

	for (d = tracefs_dirs; d; d = d->next)
		if (!strncmp(name, d->prefix, strlen(d->prefix)))
			return d;
	return NULL;
}

static struct tracefs_file *tracefs_find(const char *name)
{
	struct tracefs_file *f;

	for (f = tracefs_files; f; f = f->next)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

static int tracefs_store(const char *file, const char *value, int append)
{
	struct tracefs_file *f = file ? tracefs_find(file) : NULL;
	struct tracefs_dir *d = file && !f ? tracefs_find_dir(file) : NULL;
	int (*store)(const char *val) = !f ? NULL : append ? f->append :
						   f->write;
	char val[1024];
	size_t n;

	if (!store && !(d && d->write && !append)) {
		tracefs_error("%s: no such setting%s", file ? file : "(null)",
			      f ? (append ? " to append to" : " to write") : "");
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
	if (!store)
		return d->write(file + strlen(d->prefix), val);
	return store(val);
}

/*
 * A program's tracefs_write() stands for its write() to a tracefs file,
 * one system call; what the kit does to carry it out is the kit's
 * (linux/hardirq.h, kit work), and no system-call event shows it.
 */
int tracefs_write(const char *file, const char *value)
{
	int ret;

	kit_work_begin();
	ret = tracefs_store(file, value, 0);
	kit_work_end();
	return ret;
}

int tracefs_append(const char *file, const char *value)
{
	int ret;

	kit_work_begin();
	ret = tracefs_store(file, value, 1);
	kit_work_end();
	return ret;
}

static int tracefs_load(const char *file, char *buf, size_t len);

int tracefs_read(const char *file, char *buf, size_t len)
{
	int ret;

	kit_work_begin();
	ret = tracefs_load(file, buf, len);
	kit_work_end();
	return ret;
}

static int tracefs_load(const char *file, char *buf, size_t len)
{
	struct tracefs_file *f = file ? tracefs_find(file) : NULL;
	struct tracefs_dir *d = file && !f ? tracefs_find_dir(file) : NULL;
	int ret;

	if ((!f || !f->read) && !(d && d->read)) {
		tracefs_error("%s: no such setting to read",
			      file ? file : "(null)");
		return -ENOENT;
	}
	if (!buf || !len)
		return -EINVAL;
	if (f && f->read)
		return f->read(buf, len);
	ret = d->read(file + strlen(d->prefix), buf, len);
	if (ret == -ENOENT)
		tracefs_error("%s: no such setting to read", file);
	return ret;
}

/* ---- parsing helpers ----------------------------------------------------- */

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
 * FTRACE_CAT=file (ftrace-run --cat, --list-functions): print a file as the
 * settings left it and end the program before main(), status 0.
 */
static void tracefs_cat(const char *file)
{
	size_t len = 1 << 16;
	char *buf = NULL;
	int ret;

	do {
		free(buf);
		len *= 2;
		buf = malloc(len);
		ret = buf ? tracefs_read(file, buf, len) : -ENOMEM;
	} while (ret == -ENOSPC);
	if (ret) {
		if (ret == -ENOMEM)
			tracefs_error("%s: out of memory", file);
		env_fail();
	}
	fputs(buf, stdout);
	fflush(stdout);
	_exit(0);
}

/*
 * What scripts/ftrace-run sets for every program it runs, besides the
 * files: FTRACE_CAT (print a file, no main()), and the spool's
 * FTRACE_SPOOL and FTRACE_FORMAT, which a runtime built without the spool
 * has no file for (it then simply keeps no spool).
 */
static int launcher_variable(const char *env)
{
	static const char *const names[] = {
		"FTRACE_CAT", "FTRACE_SPOOL", "FTRACE_FORMAT",
	};
	size_t i, n = strcspn(env, "=");
	struct tracefs_file *f;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(env, names[i], n))
			break;
	if (i == sizeof(names) / sizeof(names[0]))
		return 0;
	/* a file of that name (the spool's) takes it as a setting */
	for (f = tracefs_files; f; f = f->next) {
		char name[96];

		if (!strcmp(env_name(f->name, name, sizeof(name)), names[i]))
			return 0;
	}
	return 1;
}

/*
 * current_tracer is applied last, when every setting it may read at init
 * (filters, options) is already in place.
 */
static __init_settings void trace_env_init(void)
{
	struct tracefs_file *f;
	const char *v;
	char name[96];
	char **e;

	for (e = environ; *e; e++) {
		if (strncmp(*e, "FTRACE_", 7))
			continue;
		if (launcher_variable(*e))
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
		if (!f->write || !strcmp(f->name, "current_tracer"))
			continue;
		v = getenv(env_name(f->name, name, sizeof(name)));
		if (v && tracefs_write(f->name, v))
			env_fail();
	}
	v = getenv("FTRACE_CURRENT_TRACER");
	if (v && tracefs_write("current_tracer", v))
		env_fail();
	if (getenv("FTRACE_CAT"))
		tracefs_cat(getenv("FTRACE_CAT"));
}
