// SPDX-License-Identifier: GPL-2.0
/*
 * vfork() children that call traced functions before they exec: each
 * child runs on its parent's stack, with its parent's thread-local
 * storage, so its hijacked frames are entries of the parent's return
 * stack that never return (the child execs from inside them).  The
 * parent must come back from vfork() and go on with its own calls and
 * results, and its trace must close what the child left (chapter 2,
 * "Dead entries").
 *
 *	vfork_exec N	N children; child i exits with child_leaf(i),
 *			through "sh -c 'exit K'"; prints "spawned N bad B"
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

#define noinline __attribute__((noipa))

#define CODE(i)	(((i) * 7 + 3) & 0x7f)	/* an exit status */

noinline int child_leaf(int i) { return CODE(i); }

noinline void child_exec(int i)
{
	char code[32];

	snprintf(code, sizeof(code), "exit %d", child_leaf(i));
	execl("/bin/sh", "sh", "-c", code, (char *)NULL);
	_exit(127);
}

/* the child's exit status, or -1 */
noinline int spawn(int i)
{
	int status;
	pid_t pid = vfork();

	if (pid == 0)
		child_exec(i);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

noinline int parent_leaf(int i) { return i + 1; }

noinline int parent_work(int i)
{
	return parent_leaf(i) + parent_leaf(i + 1);
}

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 20, bad = 0;

	for (i = 0; i < n; i++) {
		if (spawn(i) != CODE(i))
			bad++;
		if (parent_work(i) != 2 * i + 3)
			bad++;
	}
	printf("spawned %d bad %d\n", n, bad);
	return 0;
}
