// SPDX-License-Identifier: GPL-2.0
/*
 * The exec family: an execve() replaces the image and runs no exit
 * handler, so a process that traced its calls and then execs (a fork()
 * child setting up before it runs a command, a program that re-execs
 * itself) would take its trace with it.  The kernel's trace keeps what a
 * task did before its exec; here the trace is written just before
 * (trace_dump_at_exec(), trace_output.c), and the new image, if traced,
 * appends its own.  An exec that fails returns with its errno, and the
 * process records again (trace_exec_failed()).  Where system-call events
 * are on, the execve's trap writes it instead, after the call's entry
 * event (trace_execve()), and here nothing is done; where a spool keeps
 * the buffers, nobody writes it: the reader prints them.
 *
 * The program's calls and its libraries' come here (interpose.c, or ld
 * --wrap in a static program); the C library's own (system(), popen(),
 * posix_spawn()) do not, and need not: their children run no traced code
 * before they exec.  execl(), execle() and execlp() take their arguments
 * as a list: they are gathered here and passed on to execv(), execve()
 * and execvp(), as the C library's own do (exec_list()).
 */
#include <errno.h>
#include <stdarg.h>
#include <unistd.h>
#include <linux/trace_output.h>
#include "exec.h"

int __real_execve(const char *path, char *const argv[], char *const envp[]);
int __real_execv(const char *path, char *const argv[]);
int __real_execvp(const char *file, char *const argv[]);
int __real_execvpe(const char *file, char *const argv[], char *const envp[]);
int __real_fexecve(int fd, char *const argv[], char *const envp[]);
int __real_execveat(int dirfd, const char *path, char *const argv[],
		    char *const envp[], int flags);

/* the exec's result (it returned: -1), after the trace resumes */
static int exec_returned(int written, int ret)
{
	int err = errno;

	if (written)
		trace_exec_failed();
	errno = err;
	return ret;
}

static int before_exec(void)
{
	int err = errno, written = trace_dump_at_exec();

	errno = err;
	return written;
}

int __wrap_execve(const char *path, char *const argv[], char *const envp[])
{
	int written = before_exec();

	return exec_returned(written, __real_execve(path, argv, envp));
}

int __wrap_execv(const char *path, char *const argv[])
{
	int written = before_exec();

	return exec_returned(written, __real_execv(path, argv));
}

int __wrap_execvp(const char *file, char *const argv[])
{
	int written = before_exec();

	return exec_returned(written, __real_execvp(file, argv));
}

int __wrap_execvpe(const char *file, char *const argv[], char *const envp[])
{
	int written = before_exec();

	return exec_returned(written, __real_execvpe(file, argv, envp));
}

int __wrap_fexecve(int fd, char *const argv[], char *const envp[])
{
	int written = before_exec();

	return exec_returned(written, __real_fexecve(fd, argv, envp));
}

int __wrap_execveat(int dirfd, const char *path, char *const argv[],
		    char *const envp[], int flags)
{
	int written = before_exec();

	return exec_returned(written,
			     __real_execveat(dirfd, path, argv, envp, flags));
}

EXEC_LIST(__wrap_execl, 'l')
EXEC_LIST(__wrap_execle, 'e')
EXEC_LIST(__wrap_execlp, 'p')
