/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _STAGE1_EXEC_H
#define _STAGE1_EXEC_H

#include <stdarg.h>

int __wrap_execve(const char *path, char *const argv[], char *const envp[]);
int __wrap_execv(const char *path, char *const argv[]);
int __wrap_execvp(const char *file, char *const argv[]);

/*
 * execl(), execle() and execlp() (how: 'l', 'e', 'p'): the list of arg0,
 * ... up to its NULL, gathered into argv on this stack (an exec must not
 * allocate: it may run in a vfork() child), and for execle() the
 * environment after the NULL; then exec.c's execv(), execve() or
 * execvp().  EXEC_LIST defines one of them under name: exec.c's __wrap_
 * functions (ld --wrap), interpose.c's definitions for the whole process
 * (which can reach the runtime only through its exported __wrap_ names).
 */
static inline int exec_list(int how, const char *path, const char *arg0,
			    va_list ap)
{
	va_list count;
	int i, n = 1;

	va_copy(count, ap);
	while (va_arg(count, char *))
		n++;
	va_end(count);

	char *argv[n + 1];

	argv[0] = (char *)arg0;
	for (i = 1; i <= n; i++)
		argv[i] = va_arg(ap, char *);
	if (how == 'e')
		return __wrap_execve(path, argv, va_arg(ap, char **));
	if (how == 'p')
		return __wrap_execvp(path, argv);
	return __wrap_execv(path, argv);
}

#define EXEC_LIST(name, how)						\
int name(const char *path, const char *arg0, ...)			\
{									\
	va_list ap;							\
	int ret;							\
									\
	va_start(ap, arg0);						\
	ret = exec_list(how, path, arg0, ap);				\
	va_end(ap);							\
	return ret;							\
}

#endif
