// SPDX-License-Identifier: GPL-2.0
/*
 * fork() children that call traced functions, then exec: each form of
 * the exec family once (execl, execlp, execle, execv, execvp, execve),
 * each child exiting through "sh -c 'exit K'" with K from its traced
 * call.  Then an exec that fails, in the parent, between two traced
 * calls.  The trace must hold each child's calls before its exec
 * (stage1-static/exec.c), and the parent's calls once each; so must the
 * exports and the profile the parent writes at its exit.
 * Prints "children 6 bad B exec failed: ENOENT" (or the errno it got).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define noinline __attribute__((noipa))
#define FORMS	6

extern char **environ;

#define CODE(i)	(((i) * 5 + 2) & 0x7f)

noinline int child_leaf(int i) { return CODE(i); }

noinline void child_exec(int i)
{
	char code[32];
	char *argv[] = { "sh", "-c", code, NULL };

	snprintf(code, sizeof(code), "exit %d", child_leaf(i));
	switch (i) {
	case 0: execl("/bin/sh", "sh", "-c", code, (char *)NULL); break;
	case 1: execlp("sh", "sh", "-c", code, (char *)NULL); break;
	case 2: execle("/bin/sh", "sh", "-c", code, (char *)NULL, environ);
		break;
	case 3: execv("/bin/sh", argv); break;
	case 4: execvp("sh", argv); break;
	default: execve("/bin/sh", argv, environ); break;
	}
	_exit(127);
}

noinline char *before_failed(char *path) { return path; }
noinline int after_failed(int err) { return err; }

int main(void)
{
	char *argv[] = { "none", NULL };
	int i, status, bad = 0, err;
	pid_t pid;

	for (i = 0; i < FORMS; i++) {
		pid = fork();
		if (pid == 0)
			child_exec(i);
		if (pid < 0 || waitpid(pid, &status, 0) != pid ||
		    !WIFEXITED(status) ||
		    WEXITSTATUS(status) != CODE(i))
			bad++;
	}
	err = execv(before_failed("/nonexistent/ftrace-kit"), argv) ?
	      errno : 0;
	printf("children %d bad %d exec failed: %s\n", FORMS, bad,
	       after_failed(err) == ENOENT ? "ENOENT" : strerror(err));
	return 0;
}
