/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The files of the tracefs emulation (stage1-static/tracefs.c): each
 * part of the kit registers its settings here, under the kernel's names.
 * (include/tracefs.h is what a traced program calls to use them.)
 */
#ifndef _LINUX_TRACEFS_H
#define _LINUX_TRACEFS_H

#include <stddef.h>
#include <tracefs.h>

struct tracefs_file {
	const char	*name;
	int		(*write)(const char *val);	/* -errno */
	int		(*read)(char *buf, size_t len);
	struct tracefs_file *next;
	/* "echo >> file", for the files that have it (set_ftrace_filter) */
	int		(*append)(const char *val);
};
void tracefs_register(struct tracefs_file *f);

/*
 * A directory of files made up by its owner (events/syscalls/...): every
 * name that starts with prefix goes to write()/read() with the rest of
 * the name.  Files registered by name are found first.
 */
struct tracefs_dir {
	const char	*prefix;
	int		(*write)(const char *path, const char *val);
	int		(*read)(const char *path, char *buf, size_t len);
	struct tracefs_dir *next;
};
void tracefs_register_dir(struct tracefs_dir *d);
/*
 * Split a setting into words (blanks and commas separate them): copies the
 * next one into word and advances *p.  Returns 1 for a word, 0 at the end,
 * -E2BIG (with *p past it) when it does not fit.
 */
int tracefs_next_word(const char **p, char *word, size_t size);
/* A decimal setting; -EINVAL with the one-line error set otherwise. */
int tracefs_parse_ulong(const char *file, const char *val,
			unsigned long *out);
/* One-line error for a rejected setting, printed by the env parser. */
void tracefs_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/*
 * Why a step failed with err: the error it set since the last
 * tracefs_error("%s", ""), or strerror(-err).
 */
const char *tracefs_why(int err);

#endif
